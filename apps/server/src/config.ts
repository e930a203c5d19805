import { isIP } from 'node:net';
import { GST_STATE_CODES, gstStateCode, isValidGstin } from '@karya/domain';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** What TRUST_PROXY=true trusts (proxy-addr's named ranges). */
const PRIVATE_PROXIES = ['loopback', 'linklocal', 'uniquelocal'] as const;

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /**
   * A PostgreSQL streaming replica (optional, with DATABASE_URL): read requests read from it, everything
   * else and a user who has just written use the primary (platform/read-replica.ts).
   */
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { error: 'must start with redis:// or rediss://', abort: true })
    .refine((v) => URL.canParse(v), 'must be a valid URL (redis://[user:password@]host[:port][/db])')
    .optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,64}$/, 'must be 1 to 64 letters, digits or : _ . -')
    .default('karya:'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Karya <no-reply@karya.local>'),
  ADMIN_EMAIL: z.email('must be an e-mail address').optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  ADMIN_NAME: z.string().default('Administrator'),
  ALLOWED_REGION: z.string().optional(),
  ALLOWED_ORIGINS: z.string().optional(),
  PUBLIC_URL: z.url('must be a URL').optional(),
  DEMO: bool.optional(),
  /**
   * Behind a reverse proxy: true trusts proxies on this host or a private network (loopback, link-local,
   * private ranges); or name the proxies' addresses (IPs or CIDRs, comma-separated). The client is then the
   * nearest address that is not a trusted proxy, never the leftmost X-Forwarded-For entry (the client writes
   * that one, and per-address limits would count nothing).
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx): false | string[] => {
      const t = v.trim().toLowerCase();
      if (['false', '0', 'no'].includes(t)) return false;
      if (['true', '1', 'yes'].includes(t)) return [...PRIVATE_PROXIES];
      const list = t.split(',').map((a) => a.trim());
      const isAddress = (a: string) => {
        const [ip, bits, ...rest] = a.split('/');
        if (rest.length || !ip || !isIP(ip)) return false;
        return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (isIP(ip) === 4 ? 32 : 128));
      };
      if (list.every(isAddress)) return list;
      ctx.addIssue({ code: 'custom', message: "must be true, false or the proxies' IP addresses/CIDRs" });
      return z.NEVER;
    }),
  /** The morning follow-up e-mail: the time (HH:mm, India) it goes out each day, or off. */
  FOLLOW_UP_REMINDER_AT: z
    .string()
    .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^off$/, 'must be a time HH:mm (24-hour) or off')
    .default('08:00'),
  /** Backups (ops/): folder (default DATA_DIR/backups), daily time (HH:mm, India) or off, how many kept. */
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_AT: z
    .string()
    .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^off$/, 'must be a time HH:mm (24-hour) or off')
    .default('02:00'),
  BACKUP_KEEP: z.coerce.number({ error: 'must be a number' }).int().min(1, 'must be at least 1').default(7),
  /** The company's state for GST (spec 3; issue 12): a sale within it is CGST + SGST, outside it IGST. */
  COMPANY_STATE: z
    .string()
    .refine((v) => gstStateCode(v) !== null, 'must be an Indian state or union territory (e.g. Odisha)')
    .transform((v) => GST_STATE_CODES[gstStateCode(v)!]!)
    .default('Odisha'),
  /** The company's name and address: the first-start default of the company settings (issue 25). */
  COMPANY_NAME: z.string().trim().max(200).default(''),
  COMPANY_ADDRESS: z.string().trim().max(1000).default(''),
  /** The company's GSTIN (optional); validated with its check character and its state code. */
  COMPANY_GSTIN: z
    .string()
    .transform((v) => v.trim().toUpperCase())
    .refine(isValidGstin, 'must be a valid GSTIN (15 characters with a correct check character)')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * SIGTERM / SIGINT: how long the server may take to finish the requests in flight and the queued e-mail
   * and to close the database; past it, it says what it abandoned and exits 1.
   */
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a number of milliseconds')
    .min(0, 'must be a number of milliseconds')
    .default(10_000),
  WEB_DIST: z.string().optional(),
  /**
   * A signed-in page's first paint that takes longer than this is dropped and the page starts without it.
   * The tests raise it: on a loaded CI machine a render can pass 1.5 s, and they are about the page drawn.
   */
  FIRST_PAINT_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a number of milliseconds')
    .min(1, 'must be a number of milliseconds')
    .default(1500),
  /** Diagnostics: append every SQL statement and its parameters to this file as JSON lines (the benchmark uses it). */
  SQL_TRACE_FILE: z.string().optional(),
});

export type Config = z.infer<typeof schema> & {
  allowedOrigins: string[];
  allowedRegion: Region | null;
  demo: boolean;
};

export type Region = { name: string; minLat: number; minLng: number; maxLat: number; maxLng: number };

/** Named regions for ALLOWED_REGION; anything else must be "minLat,minLng,maxLat,maxLng". */
const NAMED_REGIONS: Record<string, Omit<Region, 'name'>> = {
  odisha: { minLat: 17.78, minLng: 81.38, maxLat: 22.57, maxLng: 87.53 },
  india: { minLat: 6.5, minLng: 68.1, maxLat: 35.7, maxLng: 97.4 },
};

export const parseRegion = (value: string): Region => {
  const named = NAMED_REGIONS[value.trim().toLowerCase()];
  if (named) return { name: value.trim(), ...named };
  const parts = value.split(',').map((p) => Number(p.trim()));
  if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n)))
    throw new Error('must be a named region (odisha, india) or "minLat,minLng,maxLat,maxLng"');
  const [minLat, minLng, maxLat, maxLng] = parts as [number, number, number, number];
  if (minLat >= maxLat || minLng >= maxLng) throw new Error('min values must be below max values');
  return { name: value.trim(), minLat, minLng, maxLat, maxLng };
};

export class ConfigError extends Error {}

/** Read and validate the environment; every problem is reported at once with its variable name. */
export const loadConfig = (
  env: Record<string, string | undefined> = process.env,
  argv: string[] = [],
): Config => {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.COMPANY_GSTIN && c.COMPANY_GSTIN.slice(0, 2) !== gstStateCode(c.COMPANY_STATE))
    throw new ConfigError(
      `Invalid configuration:\n  COMPANY_GSTIN: its state code ${c.COMPANY_GSTIN.slice(0, 2)} is not COMPANY_STATE (${c.COMPANY_STATE})`,
    );
  if (c.DATABASE_READ_URL && !c.DATABASE_URL)
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_READ_URL: a replica needs its primary: set DATABASE_URL too',
    );
  let allowedRegion: Region | null = null;
  if (c.ALLOWED_REGION) {
    try {
      allowedRegion = parseRegion(c.ALLOWED_REGION);
    } catch (e) {
      throw new ConfigError(`Invalid configuration:\n  ALLOWED_REGION: ${(e as Error).message}`);
    }
  }
  const allowedOrigins = (c.ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  // Demo data only on the embedded database, unless asked for explicitly.
  const demo = argv.includes('--no-demo') ? false : (c.DEMO ?? !c.DATABASE_URL);
  return { ...c, allowedOrigins, allowedRegion, demo };
};
