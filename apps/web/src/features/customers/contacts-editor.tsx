import { CUSTOMER_CONTACTS_MAX, CUSTOMER_MESSAGES } from '@karya/domain';
import { ActionIcon, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconStar } from '@tabler/icons-react';
import { useState } from 'react';
import { confirmAction } from '../../components/record/confirm';
import { RowActions } from '../../components/record/row-actions';
import {
  type ContactState,
  contactStateFrom,
  customerValidation,
  phoneAsTyped,
} from './customer-form-values';

/** The contact being typed in the editor, and which listed one it replaces (null: a new one). */
export type ContactDraft = { contact: ContactState; editing: number | null };
export const EMPTY_CONTACT_DRAFT: ContactDraft = { contact: contactStateFrom(), editing: null };

/** Whether the editor holds typed input that is not in the list. */
export const hasUnsavedContact = (draft: ContactDraft) =>
  Object.values(draft.contact).some((v) => v.trim() !== '');

/**
 * The contacts of a customer (spec 2 §3, §4 "Client-side editors", §5): at most 3, each checked by the
 * domain's contact rules on Add; Edit moves a contact back into the inputs (asking first when something
 * typed there would be lost), Remove asks first. The default contact (its phone and e-mail are the
 * customer's own) is marked; 'Make default' copies its phone and e-mail to the customer. Designations are
 * for organisations only.
 */
export const ContactsEditor = ({
  contacts,
  onChange,
  draft,
  onDraft,
  organization,
  defaultIndex,
  onMakeDefault,
  error,
}: {
  contacts: ContactState[];
  onChange: (contacts: ContactState[]) => void;
  draft: ContactDraft;
  onDraft: (draft: ContactDraft) => void;
  organization: boolean;
  defaultIndex: number;
  onMakeDefault: (contact: ContactState) => void;
  error?: string;
}) => {
  const validation = customerValidation.use();
  const [errors, setErrors] = useState<Partial<Record<keyof ContactState | 'list', string>>>({});
  const { contact, editing } = draft;
  const full = editing === null && contacts.length >= CUSTOMER_CONTACTS_MAX;

  const setField = (key: keyof ContactState, value: string) => {
    onDraft({ ...draft, contact: { ...contact, [key]: key === 'phone' ? phoneAsTyped(value) : value } });
    setErrors((e) => ({ ...e, [key]: undefined, list: undefined }));
  };

  const add = () => {
    const checks = customerValidation.current();
    if (!checks) return;
    if (full) {
      setErrors({ list: CUSTOMER_MESSAGES.contactsMax });
      return;
    }
    const result = checks.checkContact(contact, organization);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    const saved = contactStateFrom(result.contact);
    onChange(editing === null ? [...contacts, saved] : contacts.map((c, i) => (i === editing ? saved : c)));
    onDraft(EMPTY_CONTACT_DRAFT);
    setErrors({});
  };

  const edit = async (index: number) => {
    if (hasUnsavedContact(draft)) {
      const discard = await confirmAction({
        title: 'Discard Contact',
        message: 'The contact being typed has not been added. Discard it and edit this contact instead?',
        confirmLabel: 'Discard',
        danger: true,
      });
      if (!discard) return;
    }
    onDraft({ contact: contacts[index]!, editing: index });
    setErrors({});
  };

  const remove = async (index: number) => {
    const c = contacts[index]!;
    const yes = await confirmAction({
      title: 'Remove Contact',
      message: `Are you sure you want to remove the contact ${c.name}?`,
      confirmLabel: 'Remove',
      danger: true,
    });
    if (!yes) return;
    onChange(contacts.filter((_, i) => i !== index));
    if (editing === index) onDraft(EMPTY_CONTACT_DRAFT);
    else if (editing !== null && editing > index) onDraft({ ...draft, editing: editing - 1 });
  };

  const listError = errors.list ?? error;
  return (
    <Stack gap="sm">
      {contacts.length === 0 ? (
        <Text size="sm" c="dimmed">
          {CUSTOMER_MESSAGES.noContacts}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Contacts">
          {contacts.map((c, i) => (
            <Paper
              component="li"
              // biome-ignore lint/suspicious/noArrayIndexKey: contacts have no id; two may share a name
              key={i}
              withBorder
              radius="md"
              px="sm"
              py={6}
              opacity={editing === i ? 0.5 : 1}
            >
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Group gap={6} wrap="wrap">
                    <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {c.name}
                    </Text>
                    {defaultIndex === i && (
                      <Badge size="xs" variant="light">
                        Default
                      </Badge>
                    )}
                    {editing === i && (
                      <Badge size="xs" variant="light" color="gray">
                        Editing
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {[organization ? c.designation : '', c.phone, c.email].filter(Boolean).join(' · ') || '-'}
                  </Text>
                </Stack>
                <Group gap={2} wrap="nowrap">
                  {defaultIndex !== i && c.phone && (
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Make ${c.name} the default contact`}
                      title="Make default: use its phone and e-mail for the customer"
                      onClick={() => onMakeDefault(c)}
                    >
                      <IconStar size={16} aria-hidden />
                    </ActionIcon>
                  )}
                  <RowActions name={c.name} onEdit={() => edit(i)} onRemove={() => remove(i)} />
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}

      <Paper withBorder radius="md" p="sm" component="fieldset" m={0}>
        <Text component="legend" size="sm" fw={500} px={4}>
          {editing === null ? 'New contact' : `Edit contact ${editing + 1}`}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Contact name"
            autoComplete="off"
            value={contact.name}
            error={errors.name}
            onChange={(e) => setField('name', e.currentTarget.value)}
          />
          {organization && (
            <TextInput
              label="Designation"
              autoComplete="off"
              value={contact.designation}
              error={errors.designation}
              onChange={(e) => setField('designation', e.currentTarget.value)}
            />
          )}
          <TextInput
            label="Contact phone"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            value={contact.phone}
            error={errors.phone}
            onChange={(e) => setField('phone', e.currentTarget.value)}
          />
          <TextInput
            label="Contact email"
            type="email"
            autoComplete="off"
            value={contact.email}
            error={errors.email}
            onChange={(e) => setField('email', e.currentTarget.value)}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="sm" gap="xs">
          {editing !== null && (
            <Button variant="default" size="xs" onClick={() => onDraft(EMPTY_CONTACT_DRAFT)}>
              Cancel Edit
            </Button>
          )}
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={add}
            loading={!validation}
          >
            {editing === null ? 'Add Contact' : 'Save Contact'}
          </Button>
        </Group>
      </Paper>
      {listError && (
        <Text size="sm" c="red.8" role="alert" data-contacts-error tabIndex={-1}>
          {listError}
        </Text>
      )}
    </Stack>
  );
};
