import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirect';

describe('safeRedirect', () => {
  it('follows same-site paths', () => {
    expect(safeRedirect('/admin/users?page=2#filter')).toBe('/admin/users?page=2#filter');
    expect(safeRedirect('/crm')).toBe('/crm');
  });

  it('falls back to /hrm for missing or foreign targets', () => {
    for (const bad of [
      null,
      undefined,
      '',
      'admin/users',
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '/\tjavascript:alert(1)',
      '/login',
      '/login?redirect=/hrm',
    ])
      expect(safeRedirect(bad)).toBe('/hrm');
  });
});
