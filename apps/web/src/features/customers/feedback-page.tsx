import { CUSTOMER_MESSAGES, type CustomerDto, formatCustomerId } from '@karya/domain';
import { ActionIcon, Button, Card, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useCan } from '../../app/auth';
import { EmptyState } from '../../components/list/list-states';
import { RecordFormPage } from '../../components/record/record-form-page';
import { formDraft } from '../../lib/form-draft';
import { withLoadingToast } from '../../lib/notify';
import { addCustomerFeedback, CUSTOMERS_PAGE, customerKeys, customerPath, useCustomer } from './api';

/** 1 to 5 stars as buttons; clicking the chosen star clears the rating (spec 2 §2). */
export const StarRating = ({
  value,
  onChange,
  error,
}: {
  value: number;
  onChange: (value: number) => void;
  error?: string;
}) => (
  <Stack gap={4}>
    <Text component="span" size="sm" fw={500} id="feedback-rating-label">
      Rating
    </Text>
    <Group
      gap={4}
      role="group"
      aria-labelledby="feedback-rating-label"
      aria-describedby={error ? 'feedback-rating-error' : undefined}
    >
      {[1, 2, 3, 4, 5].map((n) => {
        const Icon = n <= value ? IconStarFilled : IconStar;
        return (
          <ActionIcon
            key={n}
            variant="subtle"
            color="yellow.8"
            size="xl"
            aria-label={`${n} star${n === 1 ? '' : 's'}`}
            aria-pressed={n === value}
            aria-invalid={error ? true : undefined}
            onClick={() => onChange(n === value ? 0 : n)}
          >
            <Icon size={28} aria-hidden />
          </ActionIcon>
        );
      })}
    </Group>
    {error && (
      <Text size="sm" c="red.8" id="feedback-rating-error" role="alert">
        {error}
      </Text>
    )}
  </Stack>
);

type FeedbackDraft = { rating: number; comment: string };

const FeedbackForm = ({ customer }: { customer: CustomerDto }) => {
  const navigate = useNavigate();
  const client = useQueryClient();
  const key = `customers:feedback:${customer._id}`;
  const [value, setValue] = useState<FeedbackDraft>(() => {
    const d = formDraft.read<FeedbackDraft>(key);
    return {
      rating: typeof d?.rating === 'number' ? d.rating : 0,
      comment: typeof d?.comment === 'string' ? d.comment : '',
    };
  });
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const running = useRef(false);
  const rootRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (value.rating || value.comment.trim()) formDraft.write(key, value);
    else formDraft.clear(key);
  }, [key, value]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (running.current) return;
    if (!value.rating) {
      setError(CUSTOMER_MESSAGES.feedbackStar);
      rootRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], button')?.focus();
      return;
    }
    running.current = true;
    setSending(true);
    try {
      await withLoadingToast('Adding Customer Feedback', async () => ({
        ...(await addCustomerFeedback(customer._id, {
          rating: value.rating,
          ...(value.comment.trim() ? { comment: value.comment.trim() } : {}),
        })),
        message: CUSTOMER_MESSAGES.feedbackAdded,
      }));
      formDraft.clear(key);
      void client.invalidateQueries({ queryKey: customerKeys.detail(customer._id) });
      navigate(customerPath(customer._id));
    } catch {
      // The toast has said why.
    } finally {
      running.current = false;
      setSending(false);
    }
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <form ref={rootRef} noValidate onSubmit={submit} aria-label="Give Feedback">
        <Stack gap="md">
          <Text fw={600}>
            {formatCustomerId(customer.customerId)} · {customer.name}
          </Text>
          <StarRating
            value={value.rating}
            onChange={(rating) => {
              setValue((v) => ({ ...v, rating }));
              setError(undefined);
            }}
            error={error}
          />
          <Textarea
            label="Comment"
            autosize
            minRows={3}
            maxRows={10}
            value={value.comment}
            onChange={(e) => {
              const comment = e.currentTarget.value;
              setValue((v) => ({ ...v, comment }));
            }}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => navigate(customerPath(customer._id))} disabled={sending}>
              Cancel
            </Button>
            <Button type="submit" loading={sending}>
              Submit Feedback
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
};

/** /crm/customers/:id/feedback: give feedback (feedback-create on customer). */
export const CustomerFeedbackPage = () => {
  const { id } = useParams();
  const { can } = useCan();
  const query = useCustomer(id);
  return (
    <RecordFormPage
      title="Give Feedback"
      maw={720}
      noun="customer"
      query={query}
      notFoundText={CUSTOMER_MESSAGES.notFound}
      backTo={{ to: CUSTOMERS_PAGE, label: 'Back to customers' }}
    >
      {(customer) =>
        can('customer', 'feedback-create') && !customer.isDeleted ? (
          <FeedbackForm customer={customer} />
        ) : (
          <EmptyState message="You may not give feedback on this customer." />
        )
      }
    </RecordFormPage>
  );
};
