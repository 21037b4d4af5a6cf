import { MultiBar, Presets } from 'cli-progress';
import type { Logger } from '../../core/logger.ts';
import { refreshStatisticsAfterLoad, statisticsLine } from '../lib/refresh-statistics.ts';
import type { SystemCaller } from '../lib/system-caller.ts';
import type { SeedArea } from './area.ts';

export interface SeedPlan {
  area: SeedArea;
  count: number;
}

/**
 * Fills each area with `count` more rows, continuing the deterministic sequence after what is
 * already there, then refreshes the planner's statistics. A progress bar on a terminal, a log line
 * per area otherwise.
 */
export async function runSeed(caller: SystemCaller, plans: SeedPlan[], log: Logger, showBar: boolean): Promise<void> {
  const bars = showBar
    ? new MultiBar(
        {
          format: ' {area} [{bar}] {value}/{total} {percentage}% {duration_formatted}',
          hideCursor: true,
          stream: process.stderr,
        },
        Presets.shades_classic,
      )
    : undefined;
  try {
    for (const { area, count } of plans) {
      if (count <= 0) continue;
      const started = performance.now();
      const existing = await area.count(caller);
      const bar = bars?.create(count, 0, { area: area.flag.padEnd(13) });
      await area.seed(caller, existing, count, (inserted) => bar?.update(inserted));
      bar?.update(count);
      log.info(
        { area: area.flag, inserted: count, seconds: Math.round((performance.now() - started) / 100) / 10 },
        `seeded ${count} ${area.flag}`,
      );
    }
    if (plans.some((plan) => plan.count > 0)) {
      const refresh = await refreshStatisticsAfterLoad(caller);
      if (refresh.failed.length > 0) log.warn(refresh, `statistics: ${statisticsLine(refresh)}`);
      else log.info(refresh, `statistics: ${statisticsLine(refresh)}`);
    }
  } finally {
    bars?.stop();
  }
}

/** The first start of an empty embedded database gets each area's demo content. */
export async function seedDemoIfEmpty(caller: SystemCaller, areas: SeedArea[], log: Logger): Promise<void> {
  const plans: SeedPlan[] = [];
  for (const area of areas) {
    if ((await area.count(caller)) === 0) plans.push({ area, count: area.demoCount });
  }
  if (plans.length === 0) return;
  log.info({ areas: plans.map((plan) => plan.area.flag) }, 'empty database: seeding demo content');
  await runSeed(caller, plans, log, false);
}
