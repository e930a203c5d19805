import { describe, expect, it } from 'vitest';
import { heapLimitMib, serverNodeOptions } from '../../../scripts/server-node-options.mjs';

// npm start's Node options (scripts/server-node-options.mjs): the heap cap, and a wrong HEAP_LIMIT_MIB named.
describe('the production server’s Node options', () => {
  it('cap the heap at 256 MiB unless HEAP_LIMIT_MIB says otherwise', () => {
    expect(serverNodeOptions({})).toEqual(['--enable-source-maps', '--max-old-space-size=256']);
    expect(serverNodeOptions({ HEAP_LIMIT_MIB: '512' })).toContain('--max-old-space-size=512');
    expect(heapLimitMib({ HEAP_LIMIT_MIB: '' })).toBe(256);
  });

  it('refuse a heap cap that is not a whole number of MiB from 128, naming the variable', () => {
    for (const wrong of ['64', '256.5', 'lots', '-1'])
      expect(() => heapLimitMib({ HEAP_LIMIT_MIB: wrong })).toThrow(
        `HEAP_LIMIT_MIB must be a whole number of MiB, at least 128 (got "${wrong}")`,
      );
  });
});
