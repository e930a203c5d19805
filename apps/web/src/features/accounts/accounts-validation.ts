// The accounts page's rules (zod): their own chunk, loaded when the page shows (lib/lazy-validation.ts).
import { zodResolver } from '@hookform/resolvers/zod';
import { accountsRangeSchema, type LedgerNames, ledgerNamesSchema } from '@karya/domain';
import type { Resolver } from 'react-hook-form';

export const ledgerNamesResolver = zodResolver(ledgerNamesSchema) as unknown as Resolver<LedgerNames>;

/** What is wrong with a range (the server's own messages), or null. */
export const rangeProblem = (range: { from: string; to: string }) => {
  const result = accountsRangeSchema.safeParse(range);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
};
