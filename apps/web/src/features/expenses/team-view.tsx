import type { ExpenseClaimDto } from '@karya/domain';
import { Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { useCan } from '../../app/auth';
import { EmptyState, ErrorState } from '../../components/list/list-states';
import { lazyPanel } from '../../lib/lazy-panel';
import { messageOf } from '../../lib/notify';
import { useClaimsToPay, useWaitingClaims } from './api';
import { ClaimDecisionButtons, ClaimItem, useApproveClaim } from './claim-item';
import { claimName, money } from './expense-format';

// The reject and pay forms (with zod and the schemas) are their own chunk, loaded the first time one opens.
const RejectClaimDialog = lazyPanel(() => import('./expense-dialogs').then((m) => m.RejectClaimDialog));
const PayClaimDialog = lazyPanel(() => import('./expense-dialogs').then((m) => m.PayClaimDialog));

type ClaimsQuery = {
  data?: { claims: ExpenseClaimDto[] };
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
};

/** A titled list of claims with its loading, error and empty states. */
const ClaimsSection = ({
  title,
  intro,
  listLabel,
  empty,
  query,
  claims,
  item,
}: {
  title: string;
  intro: string;
  listLabel: string;
  empty: string;
  query: ClaimsQuery;
  claims: ExpenseClaimDto[];
  item: (c: ExpenseClaimDto) => ReactNode;
}) => {
  const headingId = useId();
  let body: ReactNode;
  if (query.isPending)
    body = (
      <Skeleton height={72} radius="md" role="status" aria-busy="true" aria-label={`Loading ${listLabel}`} />
    );
  else if (query.isError && !query.data)
    body = (
      <ErrorState message={`${title}: ${messageOf(query.error)}`} onRetry={() => void query.refetch()} />
    );
  else if (!claims.length) body = <EmptyState message={empty} />;
  else
    body = (
      <Stack
        component="ul"
        gap="xs"
        aria-label={listLabel}
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {claims.map(item)}
      </Stack>
    );
  const total = claims.reduce((sum, c) => sum + Math.round(c.total * 100), 0) / 100;
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h4" id={headingId}>
        {title}
        {claims.length ? ` (${claims.length.toLocaleString('en-IN')})` : ''}
      </Title>
      <Text size="sm" c="dimmed">
        {intro}
        {claims.length ? ` Together ${money(total)}.` : ''}
      </Text>
      {body}
    </Stack>
  );
};

/**
 * Waiting for your decision: the submitted claims the caller may decide (a manager of the person's team, or
 * view-all; never their own), oldest first. Approve in one tap; Reject asks why.
 */
const WaitingClaims = () => {
  const query = useWaitingClaims();
  const { approving, approve } = useApproveClaim();
  const [rejecting, setRejecting] = useState<ExpenseClaimDto | null>(null);
  const [last, setLast] = useState<ExpenseClaimDto | null>(null);
  const waiting = (query.data?.claims ?? []).filter((c) => c.canDecide && c.status === 'Submitted');
  return (
    <>
      <ClaimsSection
        title="Waiting for your decision"
        intro="Claims your team submitted. Approved claims go to accounts to be paid."
        listLabel="Claims waiting for you"
        empty="No claims wait for your decision"
        query={query}
        claims={waiting}
        item={(c) => (
          <ClaimItem
            key={c._id}
            claim={c}
            who
            actions={
              <ClaimDecisionButtons
                claim={c}
                busy={approving.has(c._id)}
                onApprove={() => void approve(c)}
                onReject={() => {
                  setRejecting(c);
                  setLast(c);
                }}
              />
            }
          />
        )}
      />
      {/* Outside the list: rejecting the last one closes the dialog with its transition. */}
      <RejectClaimDialog
        claim={rejecting ?? last}
        opened={rejecting !== null}
        onClose={() => setRejecting(null)}
      />
    </>
  );
};

/** To pay (with pay on expense): the approved claims the caller may pay (never their own), oldest first. */
const ClaimsToPay = () => {
  const query = useClaimsToPay();
  const [paying, setPaying] = useState<ExpenseClaimDto | null>(null);
  const [last, setLast] = useState<ExpenseClaimDto | null>(null);
  const toPay = (query.data?.claims ?? []).filter((c) => c.canPay && c.status === 'Approved');
  return (
    <>
      <ClaimsSection
        title="To pay"
        intro="Approved claims. Mark one paid once the money has been sent."
        listLabel="Claims to pay"
        empty="No approved claims wait for payment"
        query={query}
        claims={toPay}
        item={(c) => (
          <ClaimItem
            key={c._id}
            claim={c}
            who
            actions={
              <Button
                size="xs"
                leftSection={<IconCash size={14} aria-hidden />}
                onClick={() => {
                  setPaying(c);
                  setLast(c);
                }}
                aria-label={`Mark paid: ${c.user.name}, ${claimName(c)}`}
              >
                Mark paid
              </Button>
            }
          />
        )}
      />
      <PayClaimDialog claim={paying ?? last} opened={paying !== null} onClose={() => setPaying(null)} />
    </>
  );
};

/**
 * Waiting for you (`?view=team`): the claims waiting for the caller's decision (update on expense) and,
 * with pay on expense, the approved claims to pay.
 */
export const TeamView = () => {
  const { can } = useCan();
  return (
    <Stack gap="xl">
      {can('expense', 'update') && <WaitingClaims />}
      {can('expense', 'pay') && <ClaimsToPay />}
    </Stack>
  );
};
