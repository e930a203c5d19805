import {
  EMERGENCY_CONTACTS_LIMIT_MESSAGE,
  type EmergencyContact,
  emergencyContactSchema,
  MAX_EMERGENCY_CONTACTS,
  RELATIONSHIPS,
} from '@karya/domain';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';

type Draft = { name: string; relationship: string; phone: string };
const EMPTY: Draft = { name: '', relationship: '', phone: '' };
type DraftErrors = Partial<Record<keyof Draft, string>>;

/**
 * Emergency contacts (spec 1 §4): add, edit (the contact goes back into the inputs and leaves the list) and
 * remove; at most three. Each contact is checked with the domain schema, which also removes phone spaces.
 */
export const EmergencyContactsEditor = ({
  value,
  onChange,
  error,
}: {
  value: EmergencyContact[];
  onChange: (contacts: EmergencyContact[]) => void;
  error?: string;
}) => {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [limitAlert, setLimitAlert] = useState(false);

  const set = (key: keyof Draft) => (v: string) => {
    setDraft((d) => ({ ...d, [key]: v }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const add = () => {
    if (value.length >= MAX_EMERGENCY_CONTACTS) {
      setLimitAlert(true);
      return;
    }
    const parsed = emergencyContactSchema.safeParse(draft);
    if (!parsed.success) {
      const next: DraftErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Draft;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    onChange([...value, parsed.data]);
    setDraft(EMPTY);
    setErrors({});
  };

  const edit = (index: number) => {
    const contact = value[index]!;
    setDraft({ name: contact.name, relationship: contact.relationship, phone: contact.phone });
    setErrors({});
    setLimitAlert(false);
    onChange(value.filter((_, i) => i !== index));
  };

  const remove = (index: number) => {
    setLimitAlert(false);
    onChange(value.filter((_, i) => i !== index));
  };

  const pending = Boolean(draft.name || draft.relationship || draft.phone);

  return (
    <Stack gap="sm">
      {limitAlert && (
        <Alert
          color="orange"
          icon={<IconAlertTriangle size={18} />}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setLimitAlert(false)}
        >
          {EMERGENCY_CONTACTS_LIMIT_MESSAGE}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput
          label="Contact name"
          value={draft.name}
          onChange={(e) => set('name')(e.currentTarget.value)}
          error={errors.name}
          autoComplete="off"
        />
        <Select
          label="Relationship"
          data={[...RELATIONSHIPS]}
          value={draft.relationship || null}
          onChange={(v) => set('relationship')(v ?? '')}
          error={errors.relationship}
          allowDeselect={false}
        />
        <TextInput
          label="Contact phone"
          value={draft.phone}
          onChange={(e) => set('phone')(e.currentTarget.value)}
          error={errors.phone}
          inputMode="tel"
          autoComplete="off"
        />
      </SimpleGrid>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="xs" c="dimmed">
          {pending ? 'Click Add contact to keep this contact.' : `Up to ${MAX_EMERGENCY_CONTACTS} contacts.`}
        </Text>
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={add}>
          Add contact
        </Button>
      </Group>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      {value.length > 0 && (
        <Stack gap="xs" aria-label="Emergency contacts" role="list">
          {value.map((c, i) => (
            <Paper key={`${c.name}-${c.relationship}-${c.phone}`} withBorder p="xs" role="listitem">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <div style={{ minWidth: 0 }}>
                  <Text fw={500} truncate>
                    {c.name}
                  </Text>
                  <Text size="sm" c="dimmed" truncate>
                    {c.relationship} · {c.phone}
                  </Text>
                </div>
                <Group gap={4} wrap="nowrap">
                  <Tooltip label="Edit">
                    <ActionIcon variant="subtle" aria-label={`Edit ${c.name}`} onClick={() => edit(i)}>
                      <IconPencil size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Remove">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${c.name}`}
                      onClick={() => remove(i)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
};
