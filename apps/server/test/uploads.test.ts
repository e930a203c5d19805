import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, newUserForm, PNG_1X1 } from '../src/modules/users/users-test-kit.ts';
import { type Agent, adminSession, createTestApp, type TestContext } from './helpers.ts';

/**
 * Hostile uploads through a real upload route (a user's profile image): each is refused with a 4xx and
 * nothing is written, inside or outside the storage folder; what is accepted is served safely.
 */
describe('uploads', () => {
  let ctx: TestContext;
  let admin: Agent;
  let dataDir: string;

  /** Every file under the data folder except the database's own. */
  const filesOnDisk = () => {
    const out: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) {
          if (e.name !== 'pgdata') walk(p);
        } else out.push(path.relative(dataDir, p));
      }
    };
    walk(dataDir);
    return out.sort();
  };

  const upload = (filename: string, data: Buffer, contentType = 'image/png') =>
    admin.request({
      method: 'POST',
      url: '/api/admin/users',
      ...multipartBody(newUserForm(), { field: 'image', filename, contentType, data }),
    });

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await adminSession(ctx);
    dataDir = ctx.app.deps.config.DATA_DIR;
  });
  afterAll(() => ctx.close());

  it.each([
    ['over-size', 'big.png', Buffer.concat([PNG_1X1, Buffer.alloc(5 * 1024 * 1024 + 1)])],
    ['a text file renamed .png', 'notes.png', Buffer.from('quarterly notes, plain text')],
    [
      'an SVG with a script',
      'logo.png',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    ],
    [
      'a PNG/HTML polyglot',
      'photo.png',
      Buffer.concat([PNG_1X1, Buffer.from('<html><script>alert(1)</script></html>')]),
    ],
    [
      'a JPEG/HTML polyglot',
      'photo.jpg',
      Buffer.concat([
        Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
        Buffer.from('<!DOCTYPE html><body onload=alert(1)>'),
      ]),
    ],
    ['a path in the name', '../../evil.png', PNG_1X1],
    ['a Windows path in the name', '..\\..\\evil.png', PNG_1X1],
    // A raw CR or LF ends the part's header line in the multipart parser itself, so it never reaches us as
    // part of a name; browsers send them percent-encoded.
    ['CR/LF in the name (as a browser encodes it)', 'a.png%0D%0AContent-Type: text/html', PNG_1X1],
    ['a NUL in the name', 'a.png\u0000.jpg', PNG_1X1],
    ['a dots-only name', '..', PNG_1X1],
  ])('refuses %s with a 4xx and writes nothing', async (_what, filename, data) => {
    const before = filesOnDisk();
    const res = await upload(filename, data);
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().success).toBe(false);
    expect(filesOnDisk()).toEqual(before);
    expect(filesOnDisk().some((f) => f.includes('evil'))).toBe(false);
  });

  it('stores an accepted image under a name the server makes, and serves it safely', async () => {
    const res = await upload('Photo "of" me;.png', PNG_1X1);
    expect(res.statusCode, res.body).toBe(201);
    const url = res.json().data.image.url as string;
    const stored = filesOnDisk().filter((f) => f.startsWith('files'));
    expect(stored.every((f) => /^files\/[0-9a-f]{24}\.(png|jpg|pdf)$/.test(f))).toBe(true);
    const file = await admin.request({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(String(file.headers['content-security-policy'])).toContain("default-src 'none'");
    const disposition = String(file.headers['content-disposition']);
    expect(disposition).toMatch(/^(inline|attachment);/);
    expect(disposition).not.toMatch(/[\r\n]/);
    expect(disposition).not.toContain('"of"');
  });
});
