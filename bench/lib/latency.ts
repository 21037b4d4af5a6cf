import { ratio } from './load.ts';

/** One thing a latency bench times: a call, and the durations it took (ms). */
export interface LatencyTarget {
  target: string;
  run: () => Promise<void>;
  samples: number[];
}

export interface LatencyStats {
  mean: number;
  p50: number;
  p99: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

/**
 * Times every target `calls` times, one call at a time (latency, not throughput), after `warmup`
 * unmeasured calls each; the targets take turns in rounds of `round` calls, so all of them see the
 * same machine whatever its neighbours do.
 */
export async function measureInterleaved(
  targets: LatencyTarget[],
  { calls, warmup, round }: { calls: number; warmup: number; round: number },
): Promise<void> {
  for (const target of targets) for (let i = 0; i < warmup; i += 1) await target.run();
  for (let done = 0; done < calls; done += round) {
    for (const target of targets) {
      for (let i = 0; i < round && done + i < calls; i += 1) {
        const started = performance.now();
        await target.run();
        target.samples.push(performance.now() - started);
      }
    }
  }
}

/** Prints mean, p50 and p99 of each target as a table and answers them, in the targets' order. */
export function printLatencyTable(targets: LatencyTarget[]): LatencyStats[] {
  const table = [['target', 'mean ms', 'p50 ms', 'p99 ms']];
  const stats = targets.map(({ target, samples }) => {
    const sorted = [...samples].sort((a, b) => a - b);
    const mean = samples.reduce((sum, value) => sum + value, 0) / samples.length;
    table.push([target, mean.toFixed(3), percentile(sorted, 50).toFixed(3), percentile(sorted, 99).toFixed(3)]);
    return { mean, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
  });
  const widths = table[0]!.map((_, column) => Math.max(...table.map((line) => line[column]!.length)));
  for (const line of table) console.log(line.map((cell, column) => cell.padEnd(widths[column]!)).join('  '));
  return stats;
}

/** "mean 1.23x, p50 1.20x, p99 1.40x" of `a` against `b`. */
export function ratios(a: LatencyStats, b: LatencyStats): string {
  return `mean ${ratio(a.mean, b.mean)}x, p50 ${ratio(a.p50, b.p50)}x, p99 ${ratio(a.p99, b.p99)}x`;
}
