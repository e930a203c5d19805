import { describe, expect, it } from 'vitest';
import { deviceFromUserAgent } from './device.ts';
import { HISTORY_FIELDS, historyFieldLabel, isRedactedField } from './history.ts';

describe('history redaction', () => {
  it('names passwords, hashes, tokens, secrets and one-time codes', () => {
    for (const f of [
      'password',
      'newPassword',
      'passwordHash',
      'codeHash',
      'tokenHash',
      'token',
      'secret',
      'code',
      'otp',
    ])
      expect(isRedactedField(f), f).toBe(true);
  });

  it('leaves ordinary fields alone, zipCode included', () => {
    for (const f of ['name', 'zipCode', 'status', 'roles', 'description', 'passwordHint2'])
      expect(isRedactedField(f), f).toBe(false);
  });

  it('the password a user record tracks is always redacted', () => {
    expect(isRedactedField(Object.keys(HISTORY_FIELDS.user).find((f) => f === 'password')!)).toBe(true);
  });
});

describe('history labels', () => {
  it('gives each tracked field its label, and the name itself for unknown ones', () => {
    expect(historyFieldLabel('task', 'assignedTo')).toBe('Assigned to');
    expect(historyFieldLabel('vendor', 'gstin')).toBe('gstin');
  });
});

describe('deviceFromUserAgent', () => {
  it('reads phones, desktops and tablets', () => {
    expect(
      deviceFromUserAgent(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36',
      ),
    ).toEqual({ os: 'Android', browser: 'Chrome', device: 'Mobile', model: 'Linux' });
    expect(
      deviceFromUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36 Edg/130.0',
      ),
    ).toMatchObject({ os: 'Windows', browser: 'Edge', device: 'Desktop' });
    expect(
      deviceFromUserAgent(
        'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/604.1',
      ),
    ).toMatchObject({ os: 'iOS', browser: 'Safari', device: 'Tablet' });
  });

  it('knows nothing without a header', () => {
    expect(deviceFromUserAgent(undefined)).toBeNull();
    expect(deviceFromUserAgent('')).toBeNull();
  });
});
