import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobRuns } from '../db/schema.ts';

/**
 * Work that must happen once per period (a day, a day and a user) however many server processes run and
 * however often they restart: the first process to insert the (job, period) row in job_runs runs it; the
 * primary key refuses every other, in this process, another, or after a restart. The claim comes first:
 * a process that dies mid-run does not run it again (for a reminder e-mail, one missed beats one doubled).
 * Returns whether this caller ran it.
 */
export const runOnce = async (
  db: Db,
  job: string,
  period: string,
  run: () => Promise<unknown>,
): Promise<boolean> => {
  const claimed = await db
    .insert(jobRuns)
    .values({ job, period })
    .onConflictDoNothing()
    .returning({ job: jobRuns.job });
  if (!claimed.length) return false;
  const detail = await run();
  await db
    .update(jobRuns)
    .set({ finishedAt: new Date(), detail: (detail ?? null) as never })
    .where(and(eq(jobRuns.job, job), eq(jobRuns.period, period)));
  return true;
};

/** A check every `everyMs` (unref'd, so it never keeps the process alive), stopped by the returned function. */
export const every = (everyMs: number, tick: () => Promise<void>, onError: (e: unknown) => void) => {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    tick()
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
};
