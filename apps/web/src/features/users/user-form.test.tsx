import type { EmergencyContact } from '@karya/domain';
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { envelope, meWith, pick, stubNetwork, Wrap, where } from '../../test/harness';
import { UserForm } from './user-form';
import { EmergencyContactsEditor } from './user-form-emergency';
import { emptyUserFormValues, userPayloadFrom } from './user-form-values';

const me = meWith(
  { user: ['create', 'read', 'update'], role: ['suggestion'] },
  { name: 'Admin', email: 'admin@example.com' },
);

const calls = stubNetwork(
  () => me,
  (method, url) =>
    method === 'POST' && url === '/api/admin/users'
      ? envelope({ _id: 'b'.repeat(24) }, 201, 'User created successfully')
      : undefined,
);

describe('user form: employment type and duration', () => {
  it('resets the duration to 0 when the type leaves Contract or Internship', async () => {
    render(
      <Wrap path="/admin/users/create">
        <UserForm mode="create" />
      </Wrap>,
    );
    expect(screen.queryByRole('textbox', { name: 'Duration' })).toBeNull();
    await pick('Employment type', 'Contract');
    await pick('Duration', '12 months');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Duration' }).value).toBe('12 months');

    // Internship also has a duration: it is kept.
    await pick('Employment type', 'Internship');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Duration' }).value).toBe('12 months');

    await pick('Employment type', 'Full-Time');
    expect(screen.queryByRole('textbox', { name: 'Duration' })).toBeNull();
    await pick('Employment type', 'Contract');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Duration' }).value).toBe('None');
  });

  it('hides employment, roles, status, notes and password in profile mode', async () => {
    render(
      <Wrap path="/hrm/profile/update">
        <UserForm
          mode="profile"
          user={{ ...me, languages: ['English'], emergencyContact: [], socialMedia: {} } as never}
        />
      </Wrap>,
    );
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeTruthy();
    for (const label of ['Employment type', 'Roles', 'Status', 'Notes'])
      expect(screen.queryByRole('textbox', { name: label })).toBeNull();
    expect(screen.queryByLabelText(/^Password/, { selector: 'input' })).toBeNull();
  });
});

const Harness = ({ initial = [] as EmergencyContact[] }) => {
  const [value, setValue] = useState(initial);
  return (
    <MantineProvider env="test">
      <EmergencyContactsEditor value={value} onChange={setValue} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </MantineProvider>
  );
};

describe('emergency contacts editor', () => {
  const current = () => JSON.parse(screen.getByTestId('value').textContent ?? '[]') as EmergencyContact[];
  const add = async (name: string, relationship: string, phone: string) => {
    fireEvent.change(screen.getByRole('textbox', { name: 'Contact name' }), { target: { value: name } });
    await pick('Relationship', relationship);
    fireEvent.change(screen.getByRole('textbox', { name: 'Contact phone' }), { target: { value: phone } });
    fireEvent.click(screen.getByRole('button', { name: 'Add contact' }));
  };

  it('adds with spaces removed from the phone, and refuses a fourth contact', async () => {
    render(<Harness />);
    await add('Asha', 'Mother', '98765 43210');
    expect(current()).toEqual([{ name: 'Asha', relationship: 'Mother', phone: '9876543210' }]);
    await add('Ravi', 'Father', '9876543211');
    await add('Mita', 'Sister', '0674-1234567');
    expect(current()).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Add contact' }));
    expect(screen.getByRole('alert').textContent).toContain('You can only add up to 3 contacts.');
    expect(current()).toHaveLength(3);
  });

  it('shows the schema messages for an incomplete contact', () => {
    render(<Harness />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Contact phone' }), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add contact' }));
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Relationship is required')).toBeTruthy();
    expect(
      screen.getByText('Phone number must be a valid 10-digit or a landline number (e.g., 0674-1234567).'),
    ).toBeTruthy();
    expect(current()).toHaveLength(0);
  });

  it('edit loads the contact back into the inputs and removes it from the list; remove drops it', () => {
    render(
      <Harness
        initial={[
          { name: 'Asha', relationship: 'Mother', phone: '9876543210' },
          { name: 'Ravi', relationship: 'Father', phone: '9876543211' },
        ]}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Edit Asha' }));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Contact name' }).value).toBe('Asha');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Relationship' }).value).toBe('Mother');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Contact phone' }).value).toBe('9876543210');
    expect(current()).toEqual([{ name: 'Ravi', relationship: 'Father', phone: '9876543211' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Ravi' }));
    expect(current()).toEqual([]);
  });
});

describe('submitted payload', () => {
  it('strips empty values and drops fields the mode does not have', () => {
    const values = {
      ...emptyUserFormValues(),
      name: 'Asha',
      email: 'asha@example.com',
      phone: '9876543210',
      gender: 'Female',
      maritalStatus: 'Single',
      employmentType: 'Full-Time',
      duration: '12',
      languages: ['Odia'],
      address: { street: '', city: 'Cuttack', state: 'Odisha', country: 'India', zipCode: '' },
      socialMedia: {
        facebook: '',
        twitter: '',
        instagram: '',
        linkedin: 'https://linkedin.com/in/asha',
        youtube: '',
      },
      notes: '  ',
      roles: [],
      status: 'Active',
      password: 'Secret#123',
    };
    expect(userPayloadFrom(values, 'create')).toEqual({
      name: 'Asha',
      email: 'asha@example.com',
      phone: '9876543210',
      gender: 'Female',
      maritalStatus: 'Single',
      employmentType: 'Full-Time',
      // Not a contract: the duration goes back to 0.
      duration: 0,
      languages: ['Odia'],
      address: { city: 'Cuttack', state: 'Odisha', country: 'India' },
      socialMedia: { linkedin: 'https://linkedin.com/in/asha' },
      password: 'Secret#123',
    });
    const profile = userPayloadFrom(values, 'profile');
    for (const k of ['employmentType', 'duration', 'roles', 'status', 'notes', 'password'])
      expect(profile).not.toHaveProperty(k);
  });

  it('sends a multipart body without the empty fields, restoring the draft first', async () => {
    // A draft left by a reload: the form brings it back (the password is never kept).
    sessionStorage.setItem(
      'karya:draft:/admin/users/create',
      JSON.stringify({
        values: {
          ...emptyUserFormValues(),
          name: 'Asha Das',
          email: 'Asha@Example.com',
          phone: '9876543210',
          gender: 'Female',
          maritalStatus: 'Single',
          languages: ['English', 'Odia'],
          address: { street: '', city: 'Cuttack', state: 'Odisha', country: 'India', zipCode: '' },
          emergencyContact: [{ name: 'Ravi', relationship: 'Father', phone: '9876543211' }],
        },
      }),
    );
    render(
      <Wrap path="/admin/users/create">
        <UserForm mode="create" />
      </Wrap>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Unsaved changes restored')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Name' }).value).toBe('Asha Das');
    fireEvent.change(screen.getByLabelText(/^Password/, { selector: 'input' }), {
      target: { value: 'Secret#123' },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create User' }));
    });
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/api/admin/users');
    const body = Object.fromEntries((post.body as FormData).entries());
    expect(body).toEqual({
      name: 'Asha Das',
      email: 'asha@example.com',
      phone: '9876543210',
      gender: 'Female',
      maritalStatus: 'Single',
      duration: '0',
      languages: JSON.stringify(['English', 'Odia']),
      address: JSON.stringify({ city: 'Cuttack', state: 'Odisha', country: 'India' }),
      emergencyContact: JSON.stringify([{ name: 'Ravi', relationship: 'Father', phone: '9876543211' }]),
      password: 'Secret#123',
    });
    // Saved: the draft is gone and the detail page is shown.
    await waitFor(() => expect(where.pathname).toBe(`/admin/users/${'b'.repeat(24)}`));
    expect(sessionStorage.getItem('karya:draft:/admin/users/create')).toBeNull();
  });

  it('shows the schema messages and sends nothing when required fields are empty', async () => {
    render(
      <Wrap path="/admin/users/create">
        <UserForm mode="create" />
      </Wrap>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create User' }));
    });
    const form = screen.getByRole('form', { name: 'Create User' });
    expect(await within(form).findByText('Name is required')).toBeTruthy();
    expect(within(form).getByText('At least one language is required')).toBeTruthy();
    expect(within(form).getByText('City is required')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('user form: draft and leaving', () => {
  const DRAFT = 'karya:draft:/admin/users/create';

  it('keeps a draft without the password, and Cancel asks once, then drops it', async () => {
    render(
      <Wrap path="/admin/users/create">
        <UserForm mode="create" />
      </Wrap>,
    );
    fireEvent.change(screen.getByLabelText(/^Password/, { selector: 'input' }), {
      target: { value: 'Secret#123' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Asha Das' } });
    await waitFor(() => expect(sessionStorage.getItem(DRAFT)).not.toBeNull());
    const stored = JSON.parse(sessionStorage.getItem(DRAFT)!);
    expect(stored.values.name).toBe('Asha Das');
    expect(stored.values).not.toHaveProperty('password');
    expect(sessionStorage.getItem(DRAFT)).not.toContain('Secret');

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('dialog', { name: 'Discard changes?' })).toBeTruthy();
    expect(
      screen.getByText('You have unsaved changes. Do you want to discard them and leave this page?'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(where.pathname).toBe('/admin/users'));
    // The leave guard does not ask a second time.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sessionStorage.getItem(DRAFT)).toBeNull();
  });
});
