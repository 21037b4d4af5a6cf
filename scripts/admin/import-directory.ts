import { createWriteStream, statSync, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { Presets, SingleBar } from 'cli-progress';
import { refreshStatisticsAfterLoad, statisticsLine, type StatisticsRefresh } from '../lib/refresh-statistics.ts';
import type { SystemCaller } from '../lib/system-caller.ts';
import { optionalFlag, progressStream, UsageError, type AdminCommand } from './command.ts';
import { csvLine, readCsvRecords, readHeader, REPORT_COLUMNS, type CsvHeader } from './directory-csv.ts';

/** Rows per directory.upsertListings call (one transaction each): a few MB of JSON. */
const BATCH = 1000;
/** How many rejected rows the summary lists (all of them go to --report). */
const LISTED_REJECTIONS = 20;

type UpsertRow = Parameters<SystemCaller['directory']['upsertListings']>[0]['rows'][number];

interface Rejection {
  line: number;
  external_id: string | null;
  /** The first column at fault (null: the row as a whole). */
  column: string | null;
  reason: string;
}

export interface DirectoryImportSummary {
  file: string;
  dry_run: boolean;
  rows: number;
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: number;
  /** The commonest reasons, most frequent first ("column: why"). */
  top_reasons: { reason: string; rows: number }[];
  /** The first rejected rows, in file order. */
  rejected_rows: Rejection[];
  report: string | null;
  /** The planner's statistics refreshed after rows were written (null: none written). */
  statistics: StatisticsRefresh | null;
  seconds: number;
}

interface ImportOptions {
  file: string;
  header: CsvHeader;
  dryRun: boolean;
  report?: string;
  /** Where the progress bar is drawn; none without a terminal. */
  progress?: NodeJS.WritableStream | undefined;
}

async function writeLine(stream: WriteStream, line: string): Promise<void> {
  if (!stream.write(line)) await once(stream, 'drain');
}

/**
 * Streams `file` into directory.upsertListings, BATCH rows at a time: a row with the wrong number
 * of cells, or an external id an earlier row of the file had, is rejected here; the procedure
 * checks the rest. Rejected rows go to `report` (the file's columns, then line and reason) as they
 * come, so memory stays flat whatever the file's size. Once rows were written, the planner's
 * statistics are refreshed (the embedded database has no autovacuum).
 */
export async function importDirectoryFile(
  caller: SystemCaller,
  options: ImportOptions,
): Promise<DirectoryImportSummary> {
  const started = performance.now();
  const { header } = options;
  const width = header.columns.length;
  const summary = { rows: 0, inserted: 0, updated: 0, unchanged: 0, rejected: 0 };
  const reasons = new Map<string, number>();
  const listed: Rejection[] = [];
  const firstLine = new Map<string, number>();
  const cellsByLine = new Map<number, string[]>();
  const reportColumns = header.columns.flatMap((column, index) => (column === null ? [] : [index]));
  const report = options.report ? createWriteStream(options.report) : undefined;
  if (report)
    await writeLine(report, csvLine([...reportColumns.map((index) => header.names[index]!), ...REPORT_COLUMNS]));
  const bar = options.progress
    ? new SingleBar(
        {
          format: ' import [{bar}] {percentage}% {rows} rows {duration_formatted}',
          hideCursor: true,
          stream: options.progress,
        },
        Presets.shades_classic,
      )
    : undefined;
  bar?.start(statSync(options.file).size, 0, { rows: 0 });

  const reject = async (rejection: Rejection, cells: string[]) => {
    summary.rejected += 1;
    if (listed.length < LISTED_REJECTIONS) listed.push(rejection);
    // Grouped without the row's own values: "rating: expected at most 5" whatever the rating was.
    for (const part of rejection.reason.split('; ')) {
      const reason = part.replace(/line \d+/, 'an earlier line').replace(/, received .*$/, '');
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    }
    if (report)
      await writeLine(
        report,
        csvLine([...reportColumns.map((index) => cells[index] ?? ''), String(rejection.line), rejection.reason]),
      );
  };

  let batch: UpsertRow[] = [];
  // Rows rejected here wait for their batch, so the report and the summary follow the file's order.
  let held: Rejection[] = [];
  const flush = async () => {
    const rejections = [...held];
    if (batch.length > 0) {
      const result = await caller.directory.upsertListings({ rows: batch, dry_run: options.dryRun });
      summary.inserted += result.inserted;
      summary.updated += result.updated;
      summary.unchanged += result.unchanged;
      rejections.push(...result.rejected);
    }
    rejections.sort((a, b) => a.line - b.line);
    for (const rejection of rejections) await reject(rejection, cellsByLine.get(rejection.line) ?? []);
    batch = [];
    held = [];
    cellsByLine.clear();
  };

  try {
    for await (const { line, cells } of readCsvRecords(options.file, (bytes) =>
      bar?.update(bytes, { rows: summary.rows }),
    )) {
      if (line === 1) continue;
      summary.rows += 1;
      const externalId = cells[header.columns.indexOf('external_id')]?.trim() ?? '';
      cellsByLine.set(line, cells);
      if (cells.length !== width) {
        held.push({
          line,
          external_id: externalId || null,
          column: null,
          reason: `row: has ${cells.length} cells, the header has ${width}`,
        });
        if (held.length === BATCH) await flush();
        continue;
      }
      const seen = externalId === '' ? undefined : firstLine.get(externalId);
      if (seen !== undefined) {
        held.push({
          line,
          external_id: externalId,
          column: 'external_id',
          reason: `external_id: duplicate of line ${seen} (the later row is rejected)`,
        });
        if (held.length === BATCH) await flush();
        continue;
      }
      if (externalId !== '') firstLine.set(externalId, line);
      const fields: UpsertRow['fields'] = {};
      header.columns.forEach((column, index) => {
        if (column !== null) fields[column] = cells[index]!;
      });
      batch.push({ line, fields });
      if (batch.length === BATCH) await flush();
    }
    await flush();
  } finally {
    bar?.stop();
    if (report) {
      report.end();
      await once(report, 'close');
    }
  }
  const written = !options.dryRun && summary.inserted + summary.updated > 0;
  const statistics = written ? await refreshStatisticsAfterLoad(caller) : null;
  return {
    file: options.file,
    dry_run: options.dryRun,
    ...summary,
    statistics,
    top_reasons: [...reasons]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, 5)
      .map(([reason, rows]) => ({ reason, rows })),
    rejected_rows: listed,
    report: options.report ?? null,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}

/** The summary as the command prints it. */
function summaryText(summary: DirectoryImportSummary): string {
  const lines = [
    `${summary.dry_run ? 'Dry run (nothing written): ' : ''}read ${summary.rows} rows from ${summary.file} in ${summary.seconds} s: ` +
      `${summary.inserted} inserted, ${summary.updated} updated, ${summary.unchanged} unchanged, ${summary.rejected} rejected.`,
  ];
  if (summary.top_reasons.length > 0) {
    lines.push(
      'Top reasons:',
      ...summary.top_reasons.map(({ reason, rows }) => `  ${String(rows).padStart(6)}  ${reason}`),
    );
    lines.push(
      `Rejected rows${summary.rejected > summary.rejected_rows.length ? ` (the first ${summary.rejected_rows.length})` : ''}:`,
      ...summary.rejected_rows.map(
        (row) => `  line ${row.line}${row.external_id ? ` (${row.external_id})` : ''}: ${row.reason}`,
      ),
    );
    if (summary.report) lines.push(`Every rejected row, with its line and reason: ${summary.report}`);
  }
  if (summary.statistics) lines.push(`Planner statistics: ${statisticsLine(summary.statistics)}.`);
  return lines.join('\n');
}

export const importDirectoryCommand: AdminCommand = {
  name: 'import-directory',
  summary: 'Import directory listings from a CSV file: upsert by external_id, report the rejected rows.',
  help: `<file.csv> [--report <rejected.csv>] [--dry-run]

  <file.csv>              UTF-8 CSV (a BOM is fine) with a header naming the documented columns
                          (docs/directory-import-and-claims.md); external_id, name, industry_key,
                          industry_label, metro_key and metro_label are required
  --report <rejected.csv> write the rejected rows there: the file's columns, then line and reason
                          (fix them and import that file again: line and reason are ignored)
  --dry-run               check every row and count what would be inserted, updated and left
                          unchanged, then roll back: nothing is written
  A bad row never stops the import: it is rejected with its line and reason. New listings come in
  unclaimed under a slug made of name and city; a claimed listing keeps its services,
  descriptions and photos. The summary counts rows read, inserted, updated, unchanged, rejected.`,
  options: {
    report: { type: 'string' },
    'dry-run': { type: 'boolean' },
  },
  positional: 'file',
  async prepare(values, io) {
    const file = values.file;
    if (typeof file !== 'string') throw new UsageError('the file is required: import-directory <file.csv>.');
    const report = optionalFlag(values, 'report');
    if (report === '') throw new UsageError('--report needs a file name.');
    // The header is checked before the database is opened: a wrong file changes nothing.
    const header = await readHeader(file);
    const options = { file, header, dryRun: values['dry-run'] === true, report };
    return async (caller) => {
      const summary = await importDirectoryFile(caller, {
        ...options,
        progress: progressStream(io, values),
      });
      return { json: summary, text: summaryText(summary) };
    };
  },
};
