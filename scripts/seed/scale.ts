import { MultiBar, Presets } from 'cli-progress';
import type { Logger } from '../../core/logger.ts';
import {
  combineRefreshes,
  refreshStatisticsAfterLoad,
  statisticsLine,
  type StatisticsRefresh,
} from '../lib/refresh-statistics.ts';
import type { SystemCaller } from '../lib/system-caller.ts';
import { blogSeedArea } from './blog.ts';
import { directoryPositionsHeld } from './demo-data/directory.ts';
import {
  generateScaleCustomers,
  generateScaleJobs,
  scaleWorkspace,
  scaleWorkspaceSpec,
} from './demo-data/field-service/scale-workspace.ts';
import { directorySeedArea } from './directory.ts';
import { governmentSeedArea } from './government.ts';
import type { SeedArea } from './area.ts';
import type { ScaleKind, ScaleSizes } from './scale-sizes.ts';

/**
 * The public areas are seeded in chunks of this many positions, each finished before the next
 * starts: a run stopped midway leaves unfinished positions (batches in flight at once) only inside
 * its last chunk, which the next run seeds again (the inserts skip rows already there).
 */
const CHUNK = 25_000;
/** Customers and jobs per appendDemoWorkspaceRows call (each one transaction of several thousand rows). */
const CUSTOMER_BATCH = 2_000;
const JOB_BATCH = 1_000;

/**
 * The embedded database's autovacuum and checkpointer, which PGlite runs neither of, between a
 * seed's batches: their work as the service's minute pass does it (compose/embedded-upkeep.ts).
 */
interface BetweenBatches {
  /** VACUUM ANALYZE of the tables autovacuum would pick: plans made since are made on statistics. */
  refreshStatistics(): Promise<void>;
  /** A checkpoint when one is due: the WAL of a seed of gigabytes stays bounded. */
  checkpoint(): Promise<void>;
}

interface ScaleArea {
  kind: ScaleKind;
  /** Positions of the sequence the database holds, read from its counts. */
  held(caller: SystemCaller): Promise<number>;
  /** How far below `held` a stopped run may have left gaps: seeded again on resume. */
  window: number;
  /**
   * Seeds positions `start` .. `end - 1`; `progress` gets the positions done of that range. On the
   * embedded database, one batch in flight (a database of one connection: queued batches would wait on
   * the pool past its acquire timeout on a loaded machine). After each batch, what the embedded
   * database needs between them (nothing on a server).
   */
  seed(
    caller: SystemCaller,
    start: number,
    end: number,
    progress: (done: number) => void,
    options: { batch?: number; embedded: boolean; between: BetweenBatches },
  ): Promise<void>;
}

/** A public area of `npm run seed`, seeded chunk by chunk. */
function publicArea(kind: ScaleKind, area: SeedArea, held: (rows: number) => number = (rows) => rows): ScaleArea {
  return {
    kind,
    window: CHUNK,
    async held(caller) {
      return held(await area.count(caller));
    },
    async seed(caller, start, end, progress, { batch, embedded, between }) {
      const step = embedded ? (batch ?? 1_000) : CHUNK;
      for (let from = start; from < end; from += step) {
        const size = Math.min(step, end - from);
        await area.seed(caller, from, size, (inserted) => progress(from - start + inserted), batch);
        // Their foreign keys reference a primary key alone: no plan to go stale (see workspaceArea).
        await between.checkpoint();
      }
    },
  };
}

/**
 * The scale business: created (without customers or jobs) the first time, then grown by
 * `infrastructure.demo.appendDemoWorkspaceRows` one batch per transaction, so its counts are
 * always whole batches and a restart continues exactly where the last one stopped.
 */
function workspaceArea(kind: 'customers' | 'jobs', sizes: ScaleSizes): ScaleArea {
  const slug = scaleWorkspaceSpec.slug;
  return {
    kind,
    window: 0,
    async held(caller) {
      return (await caller.infrastructure.demo.countDemoWorkspaceRows({ business_slug: slug }))[kind];
    },
    async seed(caller, start, end, progress, options) {
      const batch = options.batch ?? (kind === 'customers' ? CUSTOMER_BATCH : JOB_BATCH);
      const counts = await caller.infrastructure.demo.countDemoWorkspaceRows({ business_slug: slug });
      if (counts.business_id === null)
        await caller.infrastructure.demo.insertDemoWorkspace({ tables: scaleWorkspace(new Date()).base.toInput() });
      // A job's customer is picked among those seeded before it: all of them must be there.
      if (kind === 'jobs' && counts.customers < sizes.customers)
        throw new Error(`the scale business holds ${counts.customers} of its ${sizes.customers} customers`);
      for (let from = start; from < end; from += batch) {
        const size = Math.min(batch, end - from);
        const now = new Date();
        const workspace = scaleWorkspace(now);
        const rows =
          kind === 'customers'
            ? generateScaleCustomers(workspace, from, size, now)
            : generateScaleJobs(workspace, from, size, sizes.customers, now);
        await caller.infrastructure.demo.appendDemoWorkspaceRows({ business_slug: slug, tables: rows.toInput() });
        progress(from + size - start);
        // Their tenant foreign keys, (business_id, id), match several indexes: the one connection's
        // plans for their checks, made on a near-empty table, would scan the business's rows.
        await options.between.refreshStatistics();
        await options.between.checkpoint();
      }
    },
  };
}

/** Every area of the scale dataset, in the order they are filled (customers before the jobs that need them). */
function scaleAreas(sizes: ScaleSizes): ScaleArea[] {
  return [
    publicArea('posts', blogSeedArea!),
    publicArea('opportunities', governmentSeedArea!),
    publicArea('listings', directorySeedArea!, directoryPositionsHeld),
    workspaceArea('customers', sizes),
    workspaceArea('jobs', sizes),
  ];
}

interface ScaleSummaryRow {
  kind: ScaleKind;
  target: number;
  before: number;
  added: number;
  after: number;
  seconds: number;
}

export interface ScaleSeedResult {
  areas: ScaleSummaryRow[];
  statistics: StatisticsRefresh;
}

/**
 * Tops every area up to its target: positions already held are kept (a second run adds nothing),
 * the rest are generated batch by batch and stored through the caller, with a progress bar per area
 * on a terminal (a log line per area otherwise). Then refreshes the planner's statistics. Answers
 * what each area held before and after, and which tables were analysed. On the embedded database,
 * which has neither autovacuum nor a checkpointer, their work after each batch: the business's
 * tables analysed as autovacuum would (the one connection keeps its foreign-key checks' plans until
 * a table's statistics change, and plans made on a near-empty table scan every row of the business
 * as it grows), and a checkpoint whenever one is due (the WAL of a seed of gigabytes would
 * otherwise stay on disk until the database closes).
 */
export async function runScaleSeed(
  caller: SystemCaller,
  sizes: ScaleSizes,
  log: Logger,
  options: { showBar: boolean; batch?: number; embedded: boolean },
): Promise<ScaleSeedResult> {
  const refreshes: StatisticsRefresh[] = [];
  // A server has its own autovacuum and checkpointer: nothing to do between its batches.
  const between: BetweenBatches = options.embedded
    ? {
        async refreshStatistics() {
          const refresh = await refreshStatisticsAfterLoad(caller);
          for (const table of refresh.failed) log.warn(table, 'table vacuum and analyse failed');
          if (refresh.tables.length > 0 || refresh.failed.length > 0) refreshes.push(refresh);
        },
        async checkpoint() {
          const done = await caller.infrastructure.operations.checkpoint();
          if (done.failed !== null) log.warn(done, 'checkpoint failed');
        },
      }
    : { refreshStatistics: async () => {}, checkpoint: async () => {} };
  const bars = options.showBar
    ? new MultiBar(
        {
          format: ' {area} [{bar}] {value}/{total} {percentage}% {duration_formatted} (eta {eta_formatted})',
          hideCursor: true,
          stream: process.stderr,
        },
        Presets.shades_classic,
      )
    : undefined;
  const summary: ScaleSummaryRow[] = [];
  try {
    for (const area of scaleAreas(sizes)) {
      const target = sizes[area.kind];
      const started = performance.now();
      const before = await area.held(caller);
      if (before < target) {
        const start = Math.max(0, before - area.window);
        const bar = bars?.create(target, start, { area: area.kind.padEnd(13) });
        await area.seed(caller, start, target, (done) => bar?.update(start + done), { ...options, between });
        bar?.update(target);
      }
      const after = await area.held(caller);
      const seconds = Math.round((performance.now() - started) / 100) / 10;
      summary.push({ kind: area.kind, target, before, added: Math.max(0, after - before), after, seconds });
      log.info({ area: area.kind, target, before, after, seconds }, `${area.kind}: ${after} of ${target}`);
    }
  } finally {
    bars?.stop();
  }
  refreshes.push(await refreshStatisticsAfterLoad(caller));
  return { areas: summary, statistics: combineRefreshes(refreshes) };
}

/** The summary as a table for a terminal, and a line for the statistics. */
export function formatScaleSummary({ areas: rows, statistics }: ScaleSeedResult): string {
  const header = ['area', 'target', 'before', 'added', 'now', 'seconds'];
  const lines = rows.map((row) => [
    row.kind,
    ...[row.target, row.before, row.added, row.after].map((value) => value.toLocaleString('en-US')),
    row.seconds.toFixed(1),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]!.length)));
  return [header, ...lines]
    .map((line) =>
      line
        .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
        .join('  '),
    )
    .concat(`statistics: ${statisticsLine(statistics)}`)
    .join('\n');
}
