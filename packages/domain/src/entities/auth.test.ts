import { describe, expect, it } from 'vitest';
import {
  changePasswordFormSchema,
  changePasswordSchema,
  loginSchema,
  otpSchema,
  resetSendOtpSchema,
  resetVerifyOtpSchema,
  sendOtpSchema,
  verifyOtpSchema,
} from './auth.ts';

type Parser = { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } };
const messagesOf = (schema: Parser, value: unknown) =>
  schema.safeParse(value).error?.issues.map((i) => i.message) ?? [];
const first = (schema: Parser, value: unknown) => messagesOf(schema, value)[0];

const security = {
  location: { type: 'Point', coordinates: [20.2961, 85.8245] },
  deviceInfo: { os: 'Android 14', browser: 'Chrome', device: 'Mobile', model: 'Galaxy M34' },
};

describe('loginSchema', () => {
  const valid = {
    email: 'Debasish.Panda@Karya.Local',
    password: 'Karya@2026',
    rememberMe: true,
    ...security,
  };
  it('accepts a complete sign-in and lowercases the e-mail', () => {
    const parsed = loginSchema.parse(valid);
    expect(parsed.email).toBe('debasish.panda@karya.local');
    expect(messagesOf(loginSchema, { ...valid, rememberMe: undefined })).toEqual([]);
  });
  it('reports each missing or wrong part', () => {
    expect(first(loginSchema, { ...valid, email: undefined })).toBe('Email is required');
    expect(first(loginSchema, { ...valid, email: 'debasish' })).toBe('Invalid email format');
    expect(first(loginSchema, { ...valid, password: '' })).toBe('Password is required');
    expect(first(loginSchema, { ...valid, password: 'Kar@26' })).toBe(
      'Password must be at least 8 characters long',
    );
    expect(first(loginSchema, { ...valid, password: 'a'.repeat(129) })).toBe(
      'Password must not exceed 128 characters',
    );
    // Strength is not checked at sign-in: an admin-given password with '#' and no '@$!%*?&' still signs in.
    expect(messagesOf(loginSchema, { ...valid, password: 'Welcome#2026' })).toEqual([]);
    expect(first(loginSchema, { ...valid, location: undefined })).toBe('Location is required');
    expect(first(loginSchema, { ...valid, location: { type: 'Point', coordinates: [1] } })).toBe(
      'Location must have exactly 2 coordinates',
    );
    expect(first(loginSchema, { ...valid, deviceInfo: undefined })).toBe('Device information is required');
    expect(first(loginSchema, { ...valid, deviceInfo: { ...security.deviceInfo, model: '' } })).toBe(
      'Device model is required',
    );
  });
});

describe('changePasswordFormSchema (own password, spec 1 §5)', () => {
  const valid = { oldPassword: 'Old@1234', newPassword: 'New@12345', confirmNewPassword: 'New@12345' };
  it('accepts a matching confirmation', () => {
    expect(messagesOf(changePasswordFormSchema, valid)).toEqual([]);
  });
  it('old password required and at least 6 characters', () => {
    expect(first(changePasswordFormSchema, { ...valid, oldPassword: undefined })).toBe(
      'Old password is required',
    );
    expect(first(changePasswordFormSchema, { ...valid, oldPassword: '' })).toBe('Old password is required');
    expect(first(changePasswordFormSchema, { ...valid, oldPassword: 'abc' })).toBe(
      'Old password must be at least 6 characters',
    );
  });
  it('new password follows the password rules', () => {
    expect(
      first(changePasswordFormSchema, { ...valid, newPassword: 'short', confirmNewPassword: 'short' }),
    ).toBe('Password must be at least 8 characters long');
  });
  it('an empty confirmation is required, not too short', () => {
    expect(first(changePasswordFormSchema, { ...valid, confirmNewPassword: '' })).toBe(
      'Confirmation password is required',
    );
  });
  it('confirmation at least 6 characters and must match', () => {
    expect(first(changePasswordFormSchema, { ...valid, confirmNewPassword: 'abc' })).toBe(
      'Confirmation password must be at least 6 characters',
    );
    const r = changePasswordFormSchema.safeParse({ ...valid, confirmNewPassword: 'Other@12345' });
    expect(r.error?.issues[0]).toMatchObject({
      message: 'Confirmation password must match',
      path: ['confirmNewPassword'],
    });
  });
});

describe('changePasswordSchema (API)', () => {
  const valid = { oldPassword: 'Old@1234', newPassword: 'New@12345', ...security };
  it('needs the security context; the confirmation is optional but must match when sent', () => {
    expect(messagesOf(changePasswordSchema, valid)).toEqual([]);
    expect(first(changePasswordSchema, { ...valid, location: undefined })).toBe('Location is required');
    expect(first(changePasswordSchema, { ...valid, confirmNewPassword: 'nope' })).toBe(
      'Confirmation password must match',
    );
    expect(messagesOf(changePasswordSchema, { ...valid, confirmNewPassword: 'New@12345' })).toEqual([]);
  });
});

describe('password reset', () => {
  it('method must be email or phone', () => {
    expect(first(resetSendOtpSchema, { method: 'sms', email: 'a@b.co', ...security })).toBe(
      'Invalid verification method',
    );
    expect(first(sendOtpSchema, { method: 'pigeon' })).toBe('Invalid verification method');
    expect(first(sendOtpSchema, {})).toBe('Invalid verification method');
  });
  it('email is required for method email, phone for method phone', () => {
    expect(messagesOf(resetSendOtpSchema, { method: 'email', email: 'a@karya.local', ...security })).toEqual(
      [],
    );
    expect(first(resetSendOtpSchema, { method: 'email', ...security })).toBe('Email is required');
    expect(first(resetSendOtpSchema, { method: 'phone', ...security })).toBe('Phone is required');
    expect(messagesOf(resetSendOtpSchema, { method: 'phone', phone: '9876543210', ...security })).toEqual([]);
  });

  const verify = {
    method: 'email',
    email: 'a@karya.local',
    otp: '123456',
    newPassword: 'New@12345',
    confirmNewPassword: 'New@12345',
    ...security,
  };
  it('accepts a complete second step', () => {
    expect(messagesOf(resetVerifyOtpSchema, verify)).toEqual([]);
  });
  it("a mismatch reads 'Confirmation password does not match'", () => {
    const r = resetVerifyOtpSchema.safeParse({ ...verify, confirmNewPassword: 'New@99999' });
    expect(r.error?.issues.map((i) => i.message)).toEqual(['Confirmation password does not match']);
    expect(r.error?.issues[0]?.path).toEqual(['confirmNewPassword']);
  });
  it('the new password follows the password rules', () => {
    expect(
      first(resetVerifyOtpSchema, { ...verify, newPassword: 'newpass12@', confirmNewPassword: 'newpass12@' }),
    ).toBe('Password must contain at least one uppercase letter');
  });
  it('the code is required and 6 digits', () => {
    expect(first(resetVerifyOtpSchema, { ...verify, otp: '' })).toBe('OTP is required');
    expect(first(resetVerifyOtpSchema, { ...verify, otp: '12345' })).toBe('OTP must be 6 digits');
  });
});

describe('otpSchema', () => {
  it.each([
    ['123456', undefined],
    [' 654321 ', undefined],
    [undefined, 'OTP is required'],
    ['', 'OTP is required'],
    ['12345', 'OTP must be 6 digits'],
    ['1234567', 'OTP must be 6 digits'],
    ['12a456', 'OTP must be 6 digits'],
  ])('%j → %s', (value, message) => {
    expect(first(otpSchema, value)).toBe(message);
  });
  it('the verification dialog needs method and code', () => {
    expect(messagesOf(verifyOtpSchema, { method: 'email', otp: '123456' })).toEqual([]);
    expect(first(verifyOtpSchema, { method: 'email', otp: '12' })).toBe('OTP must be 6 digits');
  });
});
