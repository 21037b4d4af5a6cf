import { createLogger } from '../../core/logger.ts';
import type { SystemCaller } from '../../scripts/lib/system-caller.ts';
import { formatScaleSummary, runScaleSeed } from '../../scripts/seed/scale.ts';
import { scaleSizes, SCALE_MAX, SCALE_MIN } from '../../scripts/seed/scale-sizes.ts';

/** BENCH_SCALE: the scale dataset's factor (as `npm run seed -- --scale N`), or undefined when unset. */
export function benchScale(): number | undefined {
  const raw = process.env.BENCH_SCALE;
  if (raw === undefined || raw === '') return undefined;
  const scale = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(scale) || scale < SCALE_MIN || scale > SCALE_MAX)
    throw new Error(`BENCH_SCALE must be a whole number from ${SCALE_MIN} to ${SCALE_MAX}, got "${raw}"`);
  return scale;
}

/** Tops the database up to the scale dataset with the seed's own code (nothing when it is there already). */
export async function topUpToScale(caller: SystemCaller, scale: number, embedded: boolean): Promise<void> {
  console.log(`scale dataset ${scale}: topping up`);
  const summary = await runScaleSeed(caller, scaleSizes(scale), createLogger('info'), {
    showBar: process.stderr.isTTY === true,
    embedded,
  });
  console.log(formatScaleSummary(summary));
}
