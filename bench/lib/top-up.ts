import { createLogger } from '../../core/logger.ts';
import { seedAreas } from '../../scripts/seed/areas.ts';
import { runSeed, type SeedPlan } from '../../scripts/seed/run-seed.ts';
import type { SystemCaller } from '../../scripts/lib/system-caller.ts';

/** Seeds what each area lacks of its target count (by seed flag), then refreshes the planner's statistics. */
export async function topUpSeedData(caller: SystemCaller, targets: Record<string, number>): Promise<void> {
  const plans: SeedPlan[] = [];
  for (const area of seedAreas) {
    const missing = (targets[area.flag] ?? 0) - (await area.count(caller));
    if (missing > 0) plans.push({ area, count: missing });
  }
  if (plans.length === 0) return;
  console.log(`topping up: ${plans.map((plan) => `${plan.count} ${plan.area.flag}`).join(', ')}`);
  await runSeed(caller, plans, createLogger('info'), process.stderr.isTTY === true);
  await caller.government.refreshStatistics();
}
