import { MAIL_KINDS, MAIL_STATUS_LABELS, MAIL_STATUSES, mailListSpec } from '@karya/domain';
import { ChoiceFilter } from '../../components/list/filter-fields';
import { KindFilters } from '../../components/list/filter-kinds';
import { kindLabel } from './mail-widgets';

const KIND_CHOICES = MAIL_KINDS.map((k) => ({ value: k, label: kindLabel(k) }));
const STATUS_CHOICES = MAIL_STATUSES.map((s) => ({ value: s, label: MAIL_STATUS_LABELS[s] }));

/**
 * The inputs of 'Filter Mail', bound to the drawer's draft (loaded with it: the date picker): kind,
 * status (by their words, not the stored values), the address it went to and the days it was sent.
 */
export const MailFilterFields = () => (
  <>
    <ChoiceFilter name="kind" label="Kind" data={KIND_CHOICES} />
    <ChoiceFilter name="status" label="Status" data={STATUS_CHOICES} />
    <KindFilters spec={mailListSpec} labels={{ to: 'To', createdAt: 'Sent Date' }} />
  </>
);
