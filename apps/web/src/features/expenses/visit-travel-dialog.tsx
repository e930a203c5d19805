// 'Claim travel for this visit' (the follow-up's page): its own chunk (with zod and the schema), loaded the
// first time it opens, so the follow-up page does not grow.
import { formatRupees, toPaise, travelPaise, visitTravelSchema } from '@karya/domain';
import { Anchor, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { GuardedDialogForm, useSaveOnce } from '../../components/form/guarded-dialog-form';
import { useIdempotencyKey } from '../../lib/idempotency';
import { claimHref, claimVisitTravel, refreshAfterExpenseChange, useExpenseRules } from './api';
import { PricedChoice } from './expense-widgets';

type Errors = Partial<Record<'distanceKm' | 'amount' | 'description', string>>;

/**
 * The travel of a completed visit the caller made, added to their newest draft claim (POST
 * /hrm/expenses/visit-travel; a new draft when none): the distance in km (priced at the rate per km) or an
 * amount (a bus fare), and an optional description. The server's refusal (claimed already in EC0003, not a
 * visit of theirs) stays in the dialog; on success a toast links to the claim.
 */
export const VisitTravelDialog = ({
  opened,
  onClose,
  followUp,
  what,
}: {
  opened: boolean;
  onClose: () => void;
  followUp: string;
  /** The visit as the dialog names it: 'Kalinga Public School, 12/11/2026'. */
  what: string;
}) => {
  const navigate = useNavigate();
  const client = useQueryClient();
  const keeper = useIdempotencyKey();
  const rules = useExpenseRules(opened);
  const save = useSaveOnce();
  const { setServerError } = save;
  const [by, setBy] = useState<'distance' | 'amount'>('distance');
  const [distanceKm, setDistanceKm] = useState('');
  const [amount, setAmount] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  useEffect(() => {
    if (!opened) return;
    setBy('distance');
    setDistanceKm('');
    setAmount('');
    setDescription('');
    setErrors({});
    setServerError(null);
  }, [opened, setServerError]);

  const ratePaise = rules.data ? toPaise(rules.data.ratePerKm) : null;
  const km = Number(distanceKm.trim());
  const priced =
    by === 'distance' && ratePaise !== null && distanceKm.trim() !== '' && Number.isFinite(km) && km > 0
      ? travelPaise(km, ratePaise)
      : null;

  const submit = () => {
    const parsed = visitTravelSchema.safeParse({
      followUp,
      distanceKm: by === 'distance' ? distanceKm : null,
      amount: by === 'amount' ? amount : null,
      description,
    });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field =
          issue.path[0] === 'distanceKm' && by === 'amount' ? 'amount' : (issue.path[0] as keyof Errors);
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    const { distanceKm: d, amount: a, description: text } = parsed.data;
    const body = {
      followUp,
      ...(d !== null ? { distanceKm: d } : {}),
      ...(a !== null ? { amount: a } : {}),
      ...(text ? { description: text } : {}),
    };
    void save.run(async () => {
      const answer = await keeper.run((key) => claimVisitTravel(body, key));
      refreshAfterExpenseChange(client);
      const claim = answer.data;
      const href = claimHref(claim._id);
      notifications.show({
        color: 'green',
        title: 'Success',
        autoClose: 10_000,
        message: (
          <>
            {answer.message} ({claim.claimId}).{' '}
            <Anchor
              href={href}
              size="sm"
              onClick={(event) => {
                event.preventDefault();
                navigate(href);
              }}
            >
              Open claim
            </Anchor>
          </>
        ),
      });
      onClose();
    });
  };

  return (
    <GuardedDialogForm
      opened={opened}
      onClose={onClose}
      dirty={distanceKm.trim() !== '' || amount.trim() !== '' || description.trim() !== ''}
      title="Claim travel for this visit"
      save={save}
      submitLabel="Add to my claim"
      onSubmit={submit}
    >
      <Text size="sm">{what}. The travel is added to your newest draft claim, or to a new one.</Text>
      <PricedChoice byDistance={by === 'distance'} onChange={(d) => setBy(d ? 'distance' : 'amount')} />
      {by === 'distance' ? (
        <TextInput
          label="Distance (km)"
          withAsterisk
          inputMode="decimal"
          autoComplete="off"
          data-autofocus
          value={distanceKm}
          error={errors.distanceKm}
          description={
            priced !== null
              ? `${distanceKm.trim()} km × ${formatRupees(ratePaise ?? 0)} = ${formatRupees(priced)}`
              : rules.data
                ? `There and back, at ${formatRupees(ratePaise ?? 0)} a km`
                : 'There and back'
          }
          onChange={(e) => {
            setDistanceKm(e.currentTarget.value);
            setErrors((x) => ({ ...x, distanceKm: undefined }));
          }}
        />
      ) : (
        <TextInput
          label="Amount (₹)"
          withAsterisk
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          error={errors.amount}
          onChange={(e) => {
            setAmount(e.currentTarget.value);
            setErrors((x) => ({ ...x, amount: undefined }));
          }}
        />
      )}
      <TextInput
        label="Description"
        autoComplete="off"
        maxLength={300}
        value={description}
        error={errors.description}
        onChange={(e) => {
          setDescription(e.currentTarget.value);
          setErrors((x) => ({ ...x, description: undefined }));
        }}
      />
    </GuardedDialogForm>
  );
};
