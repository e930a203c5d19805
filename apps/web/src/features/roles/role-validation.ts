import { zodResolver } from '@hookform/resolvers/zod';
import { roleCreateSchema } from '@karya/domain';

// The role form's validation, loaded as the form renders (lib/lazy-validation.ts): zod and the schema.
export const roleResolver = zodResolver(roleCreateSchema);
