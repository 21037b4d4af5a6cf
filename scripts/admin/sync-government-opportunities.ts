import { randomUUID } from 'node:crypto';
import { SingleBar } from 'cli-progress';
import type { z } from 'zod';
import type { ZSyncOpportunitiesOutput } from '../../core/routers/government/sync-opportunities.schema.ts';
import { optionalFlag, UsageError, type AdminCommand } from './command.ts';
import { formatTable } from './table.ts';

/** Requests per procedure call: the bar moves after each, and a stop (Ctrl-C) loses at most these. */
const REQUESTS_PER_STEP = 1;

function parseDay(flag: string, value: string): string {
  const match = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = match ? new Date(`${value}T00:00:00Z`) : undefined;
  if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value)
    throw new UsageError(`--${flag} ${JSON.stringify(value)}: expected a day as YYYY-MM-DD, such as 2026-01-31.`);
  return value;
}

export const syncGovernmentOpportunitiesCommand: AdminCommand = {
  name: 'sync-government-opportunities',
  summary: 'Sync government opportunities from SAM.gov now (needs SAM_API_KEY) and print what changed.',
  help: `[--since <YYYY-MM-DD>] [--dry-run] [--no-descriptions] [--page-size <n>]

  --since <day>       start a new run from this UTC day (split into windows of at most a year)
                      instead of the watermark minus the overlap; a run in progress is dropped
  --dry-run           fetch and count what a run would write, and write nothing (the requests
                      still count against SAM_DAILY_REQUEST_BUDGET)
  --no-descriptions   skip fetching descriptions this run
  --page-size <n>     notices per search page, 1 to 1000 (default 1000, SAM.gov's most)

  Resumes a run a crash, a failure or the spent budget stopped, from its last committed page.
  Prints fetched, inserted, updated, unchanged, deactivated, descriptions, warnings by field and
  the requests used today against the budget. A run another process holds: a message, exit 0.`,
  options: {
    since: { type: 'string' },
    'dry-run': { type: 'boolean' },
    'no-descriptions': { type: 'boolean' },
    'page-size': { type: 'string' },
  },
  async prepare(values, io) {
    const sinceText = optionalFlag(values, 'since');
    const since = sinceText === undefined ? undefined : parseDay('since', sinceText);
    const pageText = optionalFlag(values, 'page-size') ?? '1000';
    const pageSize = Number(pageText);
    if (!/^\d+$/.test(pageText) || pageSize < 1 || pageSize > 1000)
      throw new UsageError('--page-size must be a whole number from 1 to 1000.');
    const dryRun = values['dry-run'] === true;
    const descriptions = values['no-descriptions'] !== true;
    return async (caller) => {
      const holder = randomUUID();
      const bar = new SingleBar({
        stream: io.stderr,
        format: 'SAM.gov sync [{bar}] {value}/{total} pages | window {window} | {phase}',
        hideCursor: true,
      });
      let started = false;
      let first = true;
      try {
        for (;;) {
          const step = await caller.government.syncOpportunities({
            holder,
            since: first ? since : undefined,
            dry_run: dryRun,
            max_requests: dryRun ? 100_000 : REQUESTS_PER_STEP,
            page_size: pageSize,
            descriptions,
          });
          first = false;
          if (step.status === 'already_running') {
            return {
              json: step,
              text: 'A SAM.gov sync is already running in another process: nothing done (sync-status shows it).',
            };
          }
          const payload = {
            window: `${step.progress.window}/${step.progress.windows}`,
            phase: step.progress.phase,
          };
          if (!started) {
            bar.start(Math.max(step.progress.pages_total, 1), step.progress.pages_done, payload);
            started = true;
          } else {
            bar.setTotal(Math.max(step.progress.pages_total, 1));
            bar.update(step.progress.pages_done, payload);
          }
          if (step.status === 'done') {
            bar.stop();
            return { json: step, text: summary(step) };
          }
        }
      } catch (error) {
        if (started) bar.stop();
        throw error;
      }
    };
  },
};

type Step = z.infer<typeof ZSyncOpportunitiesOutput>;

function summary(step: Step): string {
  const { counts } = step;
  const windows = step.windows.map((window) => `${window.from}..${window.to}`).join(', ');
  const rows = [
    ['fetched', String(counts.fetched)],
    ['inserted', String(counts.inserted)],
    ['updated', String(counts.updated)],
    ['unchanged', String(counts.unchanged)],
    ['skipped', String(counts.skipped)],
    ['deactivated', String(counts.deactivated)],
    ['descriptions fetched', String(counts.descriptions_fetched)],
    ['descriptions failed', String(counts.descriptions_failed)],
    ['pages', String(counts.pages)],
    ['requests used today', `${step.requests_used_today} / ${step.daily_budget}`],
  ];
  const warnings = Object.entries(counts.warnings).sort(([a], [b]) => a.localeCompare(b));
  const lines = [
    `${step.dry_run ? 'Dry run (nothing written)' : 'Synced'}: posted ${windows}.`,
    formatTable(['WHAT', 'COUNT'], rows),
  ];
  lines.push(
    warnings.length === 0
      ? 'No mapping warnings.'
      : `Warnings by field:\n${formatTable(
          ['FIELD', 'WARNINGS'],
          warnings.map(([field, count]) => [field, String(count)]),
        )}`,
  );
  return lines.join('\n');
}
