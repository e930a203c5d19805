import autocannon from 'autocannon';
import type { Sql } from './db.ts';

export type Measure = {
  connections: number;
  seconds: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /** Answers that were not 2xx, and connection errors or timeouts. */
  non2xx: number;
  errors: number;
  peakRssMiB?: number;
};

export type HttpRequest = autocannon.Request;

/** Sample a process's resident memory every 100 ms while fn runs; the peak in MiB. */
export const withPeakRss = async <T>(rss: (() => number) | undefined, fn: () => Promise<T>) => {
  let peak = rss?.() ?? 0;
  const timer = rss ? setInterval(() => (peak = Math.max(peak, rss())), 100) : undefined;
  try {
    const result = await fn();
    // The last sample too: the answer object would otherwise hold the peak as it was before it.
    if (rss) peak = Math.max(peak, rss());
    return { result, peak };
  } finally {
    if (timer) clearInterval(timer);
  }
};

/** autocannon for a fixed time; requests cycle through `requests` on each connection. */
export const runHttp = async (opts: {
  url: string;
  connections: number;
  seconds: number;
  headers: Record<string, string>;
  requests: HttpRequest[];
  rss?: () => number;
}): Promise<Measure> => {
  const { result, peak } = await withPeakRss(opts.rss, () =>
    autocannon({
      url: opts.url,
      connections: opts.connections,
      duration: opts.seconds,
      headers: opts.headers,
      requests: opts.requests,
      timeout: 30,
    }),
  );
  return {
    connections: opts.connections,
    seconds: opts.seconds,
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    peakRssMiB: Math.round(peak),
  };
};

/** A statement the server sent, and the name it prepared it under (PostgreSQL), which a replay keeps. */
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** Slices of one measure as one: requests per second over all of them; p50 and p99 the slices' medians. */
const combine = (slices: Measure[]): Measure => {
  const seconds = slices.reduce((n, m) => n + m.seconds, 0);
  const requests = slices.reduce((n, m) => n + m.requests, 0);
  return {
    connections: slices[0]?.connections ?? 0,
    seconds,
    requests,
    rps: seconds > 0 ? requests / seconds : 0,
    p50: median(slices.map((m) => m.p50)),
    p99: median(slices.map((m) => m.p99)),
    non2xx: slices.reduce((n, m) => n + m.non2xx, 0),
    errors: slices.reduce((n, m) => n + m.errors, 0),
    peakRssMiB: Math.max(0, ...slices.map((m) => m.peakRssMiB ?? 0)),
  };
};

/**
 * Two measures taken in alternating slices (a, b, a, b, …): a machine whose speed drifts (shared cores,
 * neighbours) weighs on both alike, so their ratio holds steady where two runs taken in turn varied by a
 * fifth either way. `measure(which, seconds)` takes one slice.
 */
export const interleaved = async (
  rounds: number,
  seconds: number,
  measure: (which: 'a' | 'b', seconds: number) => Promise<Measure>,
): Promise<[Measure, Measure]> => {
  const a: Measure[] = [];
  const b: Measure[] = [];
  const slice = Math.max(1, Math.round(seconds / rounds));
  for (let i = 0; i < rounds; i++) {
    a.push(await measure('a', slice));
    b.push(await measure('b', slice));
  }
  return [combine(a), combine(b)];
};

export type Statement = { text: string; params: unknown[]; name?: string };

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/**
 * The raw-driver reference: `connections` loops, each issuing the statements of one request in order
 * (as the server does) for a fixed time. Latency per request, like autocannon's.
 */
export const runRaw = async (opts: {
  sql: Sql;
  connections: number;
  seconds: number;
  statements: Statement[];
}): Promise<Measure> => {
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + opts.seconds * 1000;
  const loop = async () => {
    while (performance.now() < until) {
      const start = performance.now();
      try {
        for (const s of opts.statements) await opts.sql.query(s.text, s.params, s.name);
        latencies.push(performance.now() - start);
      } catch {
        errors += 1;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: opts.connections }, loop));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    connections: opts.connections,
    seconds: opts.seconds,
    requests: latencies.length,
    rps: latencies.length / elapsed,
    p50: Math.round(percentile(latencies, 50) * 100) / 100,
    p99: Math.round(percentile(latencies, 99) * 100) / 100,
    non2xx: 0,
    errors,
  };
};
