import { MAIL_KIND_LABELS, MAIL_STATUS_LABELS, type MailKind, type MailStatus } from '@karya/domain';
import { Badge } from '@mantine/core';

/** Each delivery state's colour: sent green, failed red, sending blue, not sent (no mail server) grey. */
export const MAIL_STATUS_COLORS: Readonly<Record<MailStatus, string>> = {
  sent: 'green',
  failed: 'red',
  queued: 'blue',
  logged: 'gray',
};

/** A mail's delivery state as a badge, in words ('Not sent (no mail server)'). */
export const MailStatusBadge = ({ status, size = 'sm' }: { status: MailStatus; size?: 'xs' | 'sm' }) => (
  <Badge
    component="span"
    size={size}
    variant="light"
    tt="none"
    color={MAIL_STATUS_COLORS[status]}
    style={{ flexShrink: 0, maxWidth: '100%' }}
  >
    {MAIL_STATUS_LABELS[status]}
  </Badge>
);

/** What a mail is about, in words ('Follow-up reminders'). */
export const kindLabel = (kind: MailKind) => MAIL_KIND_LABELS[kind] ?? kind;

/** A subject to show: an empty one reads '(no subject)'. */
export const subjectOf = (subject: string) => subject.trim() || '(no subject)';

/**
 * The in-app path of a mail's link, or null when it is not one (an outside address is not followed from
 * here): '/crm/quotations/…' as is; a full address on this site by its path.
 */
export const internalPath = (link: string | null): string | null => {
  if (!link) return null;
  if (link.startsWith('/') && !link.startsWith('//')) return link;
  try {
    const url = new URL(link);
    return typeof window !== 'undefined' && url.origin === window.location.origin
      ? `${url.pathname}${url.search}${url.hash}`
      : null;
  } catch {
    return null;
  }
};

const ID_SEGMENT = /^[0-9a-f]{24}$/i;

/**
 * The words of a mail's link, from what it points at: '/crm/quotations/<id>' → 'Open the quotation',
 * '/hrm/leaves/<id>' → 'Open the leave', a follow-up's page → 'Open the follow-up'; else 'Open the record'.
 */
export const linkText = (path: string) => {
  const segments = path.split(/[?#]/)[0]!.split('/').filter(Boolean);
  const last = segments.at(-1);
  const noun = last && ID_SEGMENT.test(last) ? segments.at(-2) : last;
  if (!noun || noun === 'update') return 'Open the record';
  const singular = noun.endsWith('ies') ? `${noun.slice(0, -3)}y` : noun.replace(/s$/, '');
  return `Open the ${singular.replace(/-(?!up\b)/g, ' ')}`;
};
