import { CUSTOMER_CONTACTS_MAX, CUSTOMER_MESSAGES } from '@karya/domain';
import { ActionIcon, Badge, SimpleGrid, Stack, TextInput, type TextInputProps } from '@mantine/core';
import { IconStar } from '@tabler/icons-react';
import { ListEntry, ListError, ListedCards, useListEditor } from '../../components/form/list-editor';
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
  const { contact, editing } = draft;
  const editor = useListEditor<ContactState, keyof ContactState | 'list'>({
    items: contacts,
    onChange,
    entry: contact,
    editing,
    setEntry: (c, at) => onDraft({ contact: c, editing: at }),
    clear: () => onDraft(EMPTY_CONTACT_DRAFT),
    unsaved: hasUnsavedContact(draft),
    confirmEdit: {
      title: 'Discard Contact',
      message: 'The contact being typed has not been added. Discard it and edit this contact instead?',
      confirmLabel: 'Discard',
    },
    confirmRemove: (c) => ({
      title: 'Remove Contact',
      message: `Are you sure you want to remove the contact ${c.name}?`,
      confirmLabel: 'Remove',
    }),
  });
  const { errors, setErrors } = editor;
  const full = editing === null && contacts.length >= CUSTOMER_CONTACTS_MAX;

  const setField = (key: keyof ContactState, value: string) => {
    onDraft({ ...draft, contact: { ...contact, [key]: key === 'phone' ? phoneAsTyped(value) : value } });
    setErrors((e) => ({ ...e, [key]: undefined, list: undefined }));
  };

  const input = (key: keyof ContactState, label: string, more: TextInputProps = {}) => (
    <TextInput
      label={label}
      autoComplete="off"
      {...more}
      value={contact[key]}
      error={errors[key]}
      onChange={(e) => setField(key, e.currentTarget.value)}
    />
  );

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
    editor.commit(contactStateFrom(result.contact));
  };

  return (
    <Stack gap="sm">
      <ListedCards
        label="Contacts"
        items={contacts}
        editing={editing}
        // Contacts have no id; two may share a name.
        getKey={(_, i) => i}
        title={(c) => c.name}
        marks={(_, i) => (
          <>
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
          </>
        )}
        detail={(c) =>
          [organization ? c.designation : '', c.phone, c.email].filter(Boolean).join(' · ') || '-'
        }
        actions={(c, i) => (
          <>
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
            <RowActions name={c.name} onEdit={() => editor.edit(i)} onRemove={() => editor.remove(i)} />
          </>
        )}
        empty={CUSTOMER_MESSAGES.noContacts}
      />

      <ListEntry
        legend={{ add: 'New contact', edit: (n) => `Edit contact ${n}` }}
        editing={editing}
        onCancelEdit={() => onDraft(EMPTY_CONTACT_DRAFT)}
        onAdd={add}
        addLabel={{ add: 'Add Contact', save: 'Save Contact' }}
        adding={!validation}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {input('name', 'Contact name')}
          {organization && input('designation', 'Designation')}
          {input('phone', 'Contact phone', { type: 'tel', inputMode: 'tel' })}
          {input('email', 'Contact email', { type: 'email' })}
        </SimpleGrid>
      </ListEntry>
      <ListError message={errors.list ?? error} attr="data-contacts-error" />
    </Stack>
  );
};
