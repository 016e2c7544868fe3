/** What the benches share: their progress lines, a pause, and how they sum up a set of timings. */

/** Progress goes to stderr, so a bench's stdout holds only its report. */
export const log = (line: string) => process.stderr.write(`${line}\n`);

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** The nearest-rank percentile of values sorted ascending (NaN when there are none). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export interface Spread {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function spread(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  return { count: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN };
}
