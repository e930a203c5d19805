/** A type with its intersections flattened, deeply, so two spellings of one shape compare equal. */
export type Plain<T> = T extends readonly (infer U)[]
  ? Plain<U>[]
  : T extends object
    ? { [K in keyof T]: Plain<T[K]> }
    : T;

/**
 * True only when A and B describe the same shape (each property, optional or not, with the same type): a
 * response schema and the DTO type it describes are checked with it at compile time,
 * `const agrees: Same<z.output<typeof schema>, Dto> = true`.
 */
export type Same<A, B> =
  (<T>() => T extends Plain<A> ? 1 : 2) extends <T>() => T extends Plain<B> ? 1 : 2 ? true : false;
