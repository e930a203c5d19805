import { describe, expect, it } from 'vitest';
import { loginSchema } from '../entities/auth.ts';
import { emailSchema, signInPasswordSchema } from './fields.ts';
import { emailProblem, signInPasswordProblem, signInProblems } from './sign-in.ts';

const zodMessage = (schema: typeof emailSchema | typeof signInPasswordSchema, value: string) => {
  const r = schema.safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? 'no message');
};

describe('the zod-free sign-in rules', () => {
  const emails = [
    '',
    '   ',
    'ADMIN@Example.com',
    ' someone@karya.in ',
    'no-at-sign',
    'a@b',
    'a..b@example.com',
    'first.last+tag@mail.example.org',
    `${'a'.repeat(250)}@example.com`,
  ];
  it.each(emails)('agree with emailSchema on %j', (email) => {
    expect(emailProblem(email)).toBe(zodMessage(emailSchema, email));
  });

  const passwords = ['', 'short', '1234567', '12345678', 'Secret#1', 'x'.repeat(128), 'x'.repeat(129)];
  it.each(passwords)('agree with signInPasswordSchema on %j', (password) => {
    expect(signInPasswordProblem(password)).toBe(zodMessage(signInPasswordSchema, password));
  });

  it('name each field that is wrong, and nothing when the form may be sent', () => {
    expect(signInProblems({ email: 'nobody', password: 'abc' })).toEqual({
      email: 'Invalid email format',
      password: 'Password must be at least 8 characters long',
    });
    expect(signInProblems({ email: 'a@example.com', password: 'Secret#12' })).toEqual({});
  });

  it('are the rules loginSchema applies', () => {
    const r = loginSchema.pick({ email: true, password: true }).safeParse({ email: 'x', password: 'abc' });
    expect(r.error?.issues.map((i) => i.message).sort()).toEqual(
      Object.values(signInProblems({ email: 'x', password: 'abc' })).sort(),
    );
  });
});
