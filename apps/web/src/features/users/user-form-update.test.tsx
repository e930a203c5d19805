import { type UserDto, userUpdateSchema } from '@karya/domain';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toFormData } from '../../lib/api';
import { envelope, ME_ID, meWith, stubNetwork, type, Wrap, where } from '../../test/harness';
import { UserForm } from './user-form';
import { changedUserPayload, userFormValuesFrom, userPayloadFrom } from './user-form-values';

const ID = 'c'.repeat(24);
const ROLE = 'd'.repeat(24);

const user = {
  _id: ID,
  name: 'Asha Das',
  email: 'asha@example.com',
  phone: '9876543210',
  gender: 'Female',
  dateOfBirth: '1990-06-15',
  maritalStatus: 'Single',
  employmentType: 'Contract',
  duration: 6,
  languages: ['English'],
  bio: 'Likes long walks',
  address: { street: '12 Link Road', city: 'Cuttack', state: 'Odisha', country: 'India', zipCode: '753012' },
  roles: [{ _id: ROLE, name: 'HR', expiresAt: null }],
  status: 'Active',
  image: null,
  emergencyContact: [{ name: 'Ravi', relationship: 'Father', phone: '9876543211' }],
  socialMedia: { linkedin: 'https://linkedin.com/in/asha' },
  notes: 'Joined from Puri',
} as unknown as UserDto;

const me = meWith(
  { user: ['read', 'update'], role: ['suggestion'], profile: ['update'] },
  { ...user, _id: ME_ID },
);

const calls = stubNetwork(
  () => me,
  (method) => (method === 'PATCH' ? envelope(user) : undefined),
);

/** Submit, wait until the form has left for `done`, and return the PATCH call's multipart fields. */
const submit = async (button: string, done: string) => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: button }));
  });
  await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
  await waitFor(() => expect(where.pathname).toBe(done));
  const patch = calls.find((c) => c.method === 'PATCH')!;
  return { url: patch.url, body: Object.fromEntries((patch.body as FormData).entries()) };
};

describe('update form: only changed fields are sent, clears included', () => {
  it('sends a cleared bio as an empty string and nothing else', async () => {
    render(
      <Wrap path={`/admin/users/${ID}/update`}>
        <UserForm mode="update" user={user} />
      </Wrap>,
    );
    type('Bio', '');
    const { url, body } = await submit('Update User', `/admin/users/${ID}`);
    expect(url).toBe(`/api/admin/users/${ID}`);
    expect(body).toEqual({ bio: '' });
  });

  it('sends only the changed name, and clears notes and the street', async () => {
    render(
      <Wrap path={`/admin/users/${ID}/update`}>
        <UserForm mode="update" user={user} />
      </Wrap>,
    );
    type('Name', 'Asha Nayak');
    type('Notes', '  ');
    type('Street', '');
    const { body } = await submit('Update User', `/admin/users/${ID}`);
    expect(body).toEqual({
      name: 'Asha Nayak',
      notes: '',
      // The address goes whole: the street left out is cleared.
      address: JSON.stringify({ city: 'Cuttack', state: 'Odisha', country: 'India', zipCode: '753012' }),
    });
  });

  it('profile: clears the social link and the emergency contacts as {} and []', async () => {
    render(
      <Wrap path="/hrm/profile/update">
        <UserForm mode="profile" user={user} />
      </Wrap>,
    );
    type('LinkedIn', '');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Ravi' }));
    const { url, body } = await submit('Update Profile', '/hrm/profile');
    expect(url).toBe(`/api/auth/profile/${ID}`);
    expect(body).toEqual({ socialMedia: '{}', emergencyContact: '[]' });
  });

  it('refuses an emptied required field with its message and sends nothing', async () => {
    render(
      <Wrap path={`/admin/users/${ID}/update`}>
        <UserForm mode="update" user={user} />
      </Wrap>,
    );
    type('City', '');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Update User' }));
    });
    expect(await screen.findByText('City is required')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });
});

describe('update payload', () => {
  const initial = userFormValuesFrom(user);
  const payloadFor = (changes: Partial<typeof initial>) => {
    const values = { ...initial, ...changes };
    const validated = userUpdateSchema.parse(userPayloadFrom(values, 'update'));
    return changedUserPayload(validated as Record<string, unknown>, values, initial);
  };

  it('is empty when nothing changed', () => {
    expect(payloadFor({})).toEqual({});
  });

  it('carries each clear as its empty value', () => {
    expect(
      payloadFor({
        bio: '',
        dateOfBirth: '',
        notes: '',
        employmentType: '',
        roles: [],
        emergencyContact: [],
        socialMedia: { ...initial.socialMedia, linkedin: '' },
      }),
    ).toEqual({
      bio: '',
      dateOfBirth: '',
      notes: '',
      employmentType: '',
      // A new employment type takes its duration along.
      duration: 0,
      roles: [],
      emergencyContact: [],
      socialMedia: {},
    });
  });

  it('keeps the clears in the multipart body, while a create still strips empties', () => {
    const clears = { bio: '', roles: [], socialMedia: {}, gone: undefined, none: null };
    expect(Object.fromEntries(toFormData(clears, undefined, { keepEmpty: true }).entries())).toEqual({
      bio: '',
      roles: '[]',
      socialMedia: '{}',
      none: '',
    });
    expect([...toFormData(clears).entries()]).toEqual([]);
  });
});
