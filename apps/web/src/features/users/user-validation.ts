import { zodResolver } from '@hookform/resolvers/zod';
import { profileUpdateSchema, userCreateSchema, userUpdateSchema } from '@karya/domain';
import type { Resolver } from 'react-hook-form';
import { type UserFormMode, type UserFormValues, userPayloadFrom } from './user-form-values';

// The user form's validation, loaded as the form renders (lib/lazy-validation.ts): zod and the schemas.

const SCHEMAS = { create: userCreateSchema, update: userUpdateSchema, profile: profileUpdateSchema };

const resolverFor = (mode: UserFormMode): Resolver<UserFormValues> => {
  const base = zodResolver(SCHEMAS[mode] as never) as unknown as Resolver<Record<string, unknown>>;
  return ((values, context, options) =>
    base(
      userPayloadFrom(values as UserFormValues, mode),
      context,
      options as never,
    )) as Resolver<UserFormValues>;
};

/** The domain schema of each mode, applied to the payload the form would send. */
export const userFormResolvers: Record<UserFormMode, Resolver<UserFormValues>> = {
  create: resolverFor('create'),
  update: resolverFor('update'),
  profile: resolverFor('profile'),
};
