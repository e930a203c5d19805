// Sending a document the server makes (a quotation, a tax invoice) by e-mail: the body's rule, once for
// both routes. The address must also be the customer's own or one of its contacts' (the server checks).
import { z } from 'zod';
import { EMAIL_MAX, EMAIL_PATTERN } from '../common/sign-in.ts';
import { QUOTATION_SEND_MESSAGES as M } from './quotation-document.ts';

export const recipientEmailSchema = z
  .string({ error: M.emailRequired })
  .trim()
  .min(1, M.emailRequired)
  .max(EMAIL_MAX, M.emailInvalid)
  .regex(EMAIL_PATTERN, M.emailInvalid);

/** POST …/send: { email }. */
export const documentSendSchema = z.object({ email: recipientEmailSchema }, { error: M.emailRequired });
