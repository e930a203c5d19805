import { QUOTATION_SEND_MESSAGES } from '@karya/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customers } from '../../db/schema.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest } from '../../platform/errors.ts';
import { recordChange } from '../../platform/history.ts';
import type { Principal } from '../../platform/principal.ts';
import { getCompanySettings } from '../company/company.service.ts';

/**
 * The customer's own e-mail and its contacts' e-mails (lower case): where a document of theirs (a quotation,
 * a tax invoice) may be sent.
 */
export const customerEmails = async (db: Db, customerId: string) => {
  const [row] = await db
    .select({ email: customers.email, contacts: customers.contacts })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  const all = [row?.email, ...(row?.contacts ?? []).map((c) => c.email)];
  return new Set(all.filter((e): e is string => Boolean(e)).map((e) => e.trim().toLowerCase()));
};

/** A document sent by e-mail, in its record's history: 'Sent by e-mail' to 'principal@… (ARR/0001)'. */
export const recordDocumentSent = (
  db: Db,
  principal: Principal,
  now: Date,
  sent: { entity: string; recordId: string; title: string; email: string; number: string },
) =>
  recordChange(db, principal, now, {
    entity: sent.entity,
    recordId: sent.recordId,
    title: sent.title,
    action: 'update',
    changes: [{ field: 'sentTo', label: 'Sent by e-mail', from: null, to: `${sent.email} (${sent.number})` }],
  });

/**
 * A document the server made (a quotation's PDF, a tax invoice) e-mailed over SMTP to the customer's own
 * address or one of its contacts' ('The e-mail must be one of the customer’s contacts' otherwise), from the
 * sender in the company's name, and recorded in the record's history. Answers the address as sent.
 */
export const mailDocumentToCustomer = async (
  deps: Pick<AppDeps, 'db' | 'config' | 'mailer' | 'clock'>,
  principal: Principal,
  doc: {
    customer: { _id: string; name: string };
    email: string;
    subject: string;
    /** What the mail says is attached: 'our tax invoice KAR/26-27/0001'. */
    what: string;
    file: { name: string; pdf: Buffer };
    history: { entity: string; recordId: string; title: string; number: string };
    kind: 'quotation' | 'invoice';
    /** The record's page (/crm/quotations/{id}). */
    link: string;
  },
) => {
  const email = doc.email.trim();
  if (!(await customerEmails(deps.db, doc.customer._id)).has(email.toLowerCase()))
    throw badRequest(QUOTATION_SEND_MESSAGES.notAContact);
  const company = await getCompanySettings(deps);
  await deps.mailer.send({
    to: email,
    subject: doc.subject,
    text:
      `Dear ${doc.customer.name},\n\nPlease find attached ${doc.what}.\n\n` +
      `Regards,\n${principal.user.name}\n${company.name || 'us'}`,
    attachments: [{ filename: doc.file.name, content: doc.file.pdf, contentType: 'application/pdf' }],
    // In the sender's Mail (decision 0024): sent from their account, about the record.
    about: { userId: principal.user.id, kind: doc.kind, link: doc.link },
  });
  await recordDocumentSent(deps.db, principal, deps.clock.now(), { ...doc.history, email });
  return email;
};
