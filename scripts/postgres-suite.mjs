// The server test files CI runs a second time against a PostgreSQL server (printed one per line, relative to
// apps/server), so that the run fits CI's 30 minutes on two cores: all 60-odd files again took 20 minutes there.
//
// PGlite is PostgreSQL itself (the same planner, types and SQL, compiled to WebAssembly), so a test of a
// query proves the same thing on both. What only a server shows is more than one connection at a time: races
// between writers, locks, a pool that loses its connections, several processes, a database that goes away,
// dumps and restores across the two. Those files always run; from the rest, a sample that changes each day
// (UTC), so that every file meets PostgreSQL within a week or so. `node scripts/postgres-suite.mjs --all`
// prints every file (a whole run, as `TEST_DATABASE_URL=… npm run test -w @karya/server` also does).
import { readdirSync } from 'node:fs';
import path from 'node:path';

const serverDir = path.resolve(import.meta.dirname, '../apps/server');

/** Files whose subject is concurrency, processes or the server itself: always run on PostgreSQL. */
export const ALWAYS = [
  'src/modules/stocks/invoice-numbers.test.ts',
  'src/modules/sales/sales.test.ts',
  'src/modules/quotations/quotations.test.ts',
  'src/modules/leave/leave.test.ts',
  'src/modules/expenses/expenses.test.ts',
  'src/modules/follow-ups/follow-up-work.test.ts',
  'test/backup.test.ts',
  'test/database-outage.test.ts',
  'test/database.test.ts',
  'test/fuzz.test.ts',
  'test/idempotency.test.ts',
  'test/migrate-lock.test.ts',
  'test/multi-process.test.ts',
  'test/replica.test.ts',
  'test/sessions.test.ts',
  'test/shutdown.test.ts',
];
/**
 * Files that skip themselves in this run: they start their own PostgreSQL databases in the embedded one, or
 * (the auth feed's) test on the machine's PostgreSQL in `npm test` what this run does in every file.
 */
const SKIP_THEMSELVES = [
  'test/auth-feed.test.ts',
  'test/crash-idempotency.test.ts',
  'test/crash.test.ts',
  'test/upgrade.test.ts',
];
/** How many of the other files join them on a given day. */
const SAMPLE = 8;

const walk = (dir) =>
  readdirSync(path.join(serverDir, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return walk(rel);
    return entry.name.endsWith('.test.ts') ? [rel] : [];
  });

const every = [...walk('src'), ...walk('test')].sort();
const missing = [...ALWAYS, ...SKIP_THEMSELVES].filter((file) => !every.includes(file));
if (missing.length) {
  console.error(`scripts/postgres-suite.mjs names files that do not exist: ${missing.join(', ')}`);
  process.exit(1);
}

if (process.argv.includes('--all')) {
  console.log(every.join('\n'));
} else {
  const rest = every.filter((file) => !ALWAYS.includes(file) && !SKIP_THEMSELVES.includes(file));
  const day = Math.floor(Date.now() / 86_400_000);
  const start = (day * SAMPLE) % rest.length;
  const sample = Array.from(
    { length: Math.min(SAMPLE, rest.length) },
    (_, i) => rest[(start + i) % rest.length],
  );
  console.log([...ALWAYS, ...sample].join('\n'));
}
