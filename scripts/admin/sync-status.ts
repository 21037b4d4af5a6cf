import type { AdminCommand } from './command.ts';
import { formatTable } from './table.ts';

export const syncStatusCommand: AdminCommand = {
  name: 'sync-status',
  summary: "Show the SAM.gov sync's state: last run, watermark, requests used today, last error, running.",
  help: '',
  options: {},
  async prepare() {
    return async (caller) => {
      const status = await caller.government.getSyncStatus();
      const counts = status.last_run.counts;
      const rows = [
        ['configured', status.configured ? 'yes (SAM_API_KEY set)' : 'no (SAM_API_KEY not set)'],
        ['running', status.running ? 'yes' : 'no'],
        ['watermark', status.watermark ?? '-'],
        [
          'last run',
          status.last_run.outcome ? `${status.last_run.outcome} at ${status.last_run.finished_at}` : 'never',
        ],
        [
          'last run counts',
          counts
            ? `fetched ${counts.fetched}, inserted ${counts.inserted}, updated ${counts.updated}, unchanged ${counts.unchanged}, deactivated ${counts.deactivated}, descriptions ${counts.descriptions_fetched}`
            : '-',
        ],
        ['last success', status.last_success_at ?? 'never'],
        ['last error', status.last_error ? `${status.last_error} (${status.last_error_at})` : '-'],
        [
          'run in progress',
          status.run_in_progress
            ? `window ${status.run_in_progress.window + 1}/${status.run_in_progress.windows.length}, next offset ${status.run_in_progress.next_offset}, ${status.run_in_progress.phase}`
            : '-',
        ],
        ['requests today', `${status.requests_used_today} / ${status.daily_budget ?? '-'}`],
        ['failed runs', String(status.failures)],
      ];
      return { json: status, text: formatTable(['SYNC', 'STATE'], rows) };
    };
  },
};
