import { hash, verify } from '@node-rs/argon2';

/** argon2id at OWASP's recommended minimum (m = 19 MiB, t = 2, p = 1). */
const OPTIONS = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, OPTIONS);

export const verifyPassword = async (stored: string, password: string) => {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
};

/** A hash of nothing in particular, so an unknown e-mail costs the same time as a wrong password. */
let dummy: Promise<string> | undefined;
export const burnPasswordTime = async (password: string) => {
  dummy ??= hashPassword('not-a-real-password-Aa1!');
  await verifyPassword(await dummy, password);
};
