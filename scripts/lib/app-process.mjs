// What the scripts that drive a running production server share (scan-sqli.mjs, lighthouse.mjs): a free
// port, and signing in through the API as a browser would.
import { createServer } from 'node:net';

export const SESSION_COOKIE = 'karya_sid';

/** A TCP port free on 127.0.0.1 right now. */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

/**
 * POST /api/auth/login with the same-origin Origin header, a position in Bhubaneswar and the given device
 * model; returns the session token and the signed-in user's id, or throws with the answer's status.
 */
export const signInThroughApi = async (baseUrl, { email, password, model }) => {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({
      email,
      password,
      location: { type: 'Point', coordinates: [20.2961, 85.8245] },
      deviceInfo: { os: 'Linux', browser: 'Chromium', device: 'Desktop', model },
    }),
  });
  const body = await res.json().catch(() => ({}));
  const token = (res.headers.getSetCookie?.() ?? [])
    .map((c) => new RegExp(`^${SESSION_COOKIE}=([^;]+)`).exec(c)?.[1])
    .find(Boolean);
  if (res.status !== 200 || !token) throw new Error(`sign-in answered ${res.status}: ${body.message ?? ''}`);
  return { token, userId: body.data?._id };
};
