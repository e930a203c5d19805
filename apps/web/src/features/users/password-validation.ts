import { zodResolver } from '@hookform/resolvers/zod';
import { adminChangePasswordSchema, changePasswordFormSchema } from '@karya/domain';

// The change-password forms' validation, loaded as the form renders (lib/lazy-validation.ts).

/** Each password form's schema, as a resolver: an administrator's change and the user's own. */
export const passwordResolvers = {
  admin: zodResolver(adminChangePasswordSchema),
  own: zodResolver(changePasswordFormSchema),
};
