import { randomUUID } from 'node:crypto';
import { samOpportunitySource } from '../../adapters/sam-gov/opportunity-source.ts';
import type { Config } from '../../core/config.ts';
import type { Logger } from '../../core/logger.ts';
import type { CoreServices } from '../../core/services/index.ts';
import type { SystemCaller } from '../lib/system-caller.ts';
import { startPeriodic, type PeriodicJob } from './periodic.ts';

/** Requests per procedure call of the scheduled run: between calls the lease is renewed and a stop is seen. */
const REQUESTS_PER_STEP = 5;

/**
 * The services plus the SAM.gov sync's settings: its source (adapters/sam-gov/, from SAM_API_KEY and
 * SAM_API_BASE_URL; absent without the key) and its daily budget. Kept when the services carry them
 * already (tests hand in a source pointed at their double).
 */
export function withGovernmentSync(given: CoreServices, config: Pick<Config, 'sam'>): CoreServices {
  if (given.governmentSync) return given;
  const { apiKey, baseUrl, dailyRequestBudget } = config.sam;
  return {
    ...given,
    governmentSync: {
      source: apiKey ? samOpportunitySource({ baseUrl, apiKey }) : undefined,
      dailyRequestBudget,
    },
  };
}

/** runOnce: one run now (after one already going); errors are logged, never thrown. */
export type GovernmentSyncSchedule = PeriodicJob;

/**
 * The scheduled SAM.gov sync of a process running the webhook worker (`npm start` by default, `npm
 * run worker`): every SAM_SYNC_INTERVAL, government.syncOpportunities step after step until the run is
 * done. Off (undefined) without SAM_API_KEY. A run another instance holds is skipped; a stop ends the
 * run between two steps and gives the lease back (the next run resumes where this one stopped).
 */
export function startGovernmentSync(options: {
  caller: SystemCaller;
  log: Logger;
  config: Pick<Config, 'sam'>;
}): GovernmentSyncSchedule | undefined {
  const { caller, log, config } = options;
  if (!config.sam.apiKey) return undefined;
  return startPeriodic(async (stopped) => {
    const holder = randomUUID();
    try {
      for (;;) {
        if (stopped()) {
          await caller.government.releaseSync({ holder });
          return;
        }
        const step = await caller.government.syncOpportunities({ holder, max_requests: REQUESTS_PER_STEP });
        if (step.status === 'already_running') return;
        if (step.status === 'done') {
          log.info({ counts: step.counts, requests_used_today: step.requests_used_today }, 'SAM.gov sync done');
          return;
        }
      }
    } catch (error) {
      log.error({ err: error }, 'SAM.gov sync failed');
    }
  }, config.sam.intervalMs);
}
