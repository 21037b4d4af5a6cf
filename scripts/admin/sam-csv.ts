import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Transform, type TransformCallback } from 'node:stream';
import { parse } from 'csv-parse';
import { SingleBar, Presets } from 'cli-progress';
import {
  samCsvColumns,
  samCsvHeaderProblem,
  samCsvRowToNotice,
  type SamCsvRow,
} from '../../core/services/government/sam/csv-row.ts';
import { mapSamNotice, type SamWarning } from '../../core/services/government/sam/map-notice.ts';
import type { GovernmentOpportunityRecord } from '../../core/services/government/record.ts';
import type { SystemCaller } from '../lib/system-caller.ts';

/** Records per government.upsertOpportunities call (its maximum). */
const BATCH = 1_000;
/** Bad rows listed in the report (all are counted). */
const BAD_ROWS_LISTED = 100;

interface SamCsvBadRow {
  /** The line of the file where the row starts (1 is the header). */
  line: number;
  notice_id: string | null;
  reason: string;
}

export interface SamCsvImportReport {
  file: string;
  dry_run: boolean;
  /** The encoding the file was read in: utf-8, or windows-1252 from the first byte that is not UTF-8. */
  encoding: 'utf-8' | 'windows-1252';
  rows_read: number;
  inserted: number;
  updated: number;
  unchanged: number;
  /** Rows not stored: unreadable CSV, a wrong number of fields, or no usable NoticeId or Title. */
  skipped: number;
  /** Rows that would be written, in a dry run (nothing is). */
  mapped: number;
  warnings: number;
  warnings_by_field: Record<string, number>;
  bad_rows: SamCsvBadRow[];
}

/**
 * Decodes the extract's bytes: UTF-8 (a BOM dropped) while the bytes are UTF-8, and Windows-1252
 * (the encoding SAM.gov has published it in) from the first chunk that is not, to the end. A
 * sequence cut by a chunk boundary waits for the next chunk.
 */
class ExtractDecoder extends Transform {
  encoding: 'utf-8' | 'windows-1252' = 'utf-8';
  private pending = Buffer.alloc(0);
  private readonly utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  private readonly cp1252 = { decode: decodeWindows1252 };

  constructor() {
    super({ readableObjectMode: false, decodeStrings: true, encoding: 'utf-8' });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    const bytes = this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk;
    if (this.encoding === 'windows-1252') {
      this.pending = Buffer.alloc(0);
      done(null, this.cp1252.decode(bytes));
      return;
    }
    const cut = completeUtf8Length(bytes);
    try {
      const text = this.utf8.decode(bytes.subarray(0, cut), { stream: true });
      this.pending = Buffer.from(bytes.subarray(cut));
      done(null, text);
    } catch {
      this.encoding = 'windows-1252';
      this.pending = Buffer.alloc(0);
      done(null, this.cp1252.decode(bytes));
    }
  }

  override _flush(done: TransformCallback): void {
    if (this.pending.length === 0) return done();
    let text: string;
    try {
      text = this.encoding === 'utf-8' ? this.utf8.decode(this.pending) : this.cp1252.decode(this.pending);
    } catch {
      text = this.cp1252.decode(this.pending);
    }
    done(null, text);
  }
}

/**
 * Windows-1252's 0x80-0x9F (0x81, 0x8D, 0x8F, 0x90 and 0x9D are unassigned and stay C1 controls);
 * every other byte is the Latin-1 character of the same number. Written out because Node 20's
 * TextDecoder('windows-1252') decodes as Latin-1 (0x96 as U+0096 instead of an en dash).
 */
const WINDOWS_1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

function decodeWindows1252(bytes: Uint8Array): string {
  let text = '';
  for (let start = 0; start < bytes.length; start += 8192) {
    const codes = Array.from(bytes.subarray(start, start + 8192), (byte) =>
      byte >= 0x80 && byte <= 0x9f ? WINDOWS_1252_HIGH[byte - 0x80]! : byte,
    );
    text += String.fromCharCode(...codes);
  }
  return text;
}

/** The length of `bytes` without an incomplete UTF-8 sequence at its end. */
function completeUtf8Length(bytes: Buffer): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back]!;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: look further back
    const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return needed > back ? bytes.length - back : bytes.length;
  }
  return bytes.length;
}

function csvParser(onRecord: () => void = () => undefined) {
  return parse({
    on_record: (record: string[]) => {
      onRecord();
      return record;
    },
    bom: true,
    info: true,
    raw: true,
    relax_column_count: true,
    // Empty lines come through as [''] and are dropped by the importer, so its line count stays exact.
    skip_empty_lines: false,
    skip_records_with_error: true,
    // A 100 MB description is not a row: csv-parse refuses a field past this many characters.
    max_record_size: 2_000_000,
  });
}

interface ParsedRecord {
  record: string[];
  info: { lines: number };
  raw: string;
}

const LINE_BREAK = /\r\n|\r|\n/g;

/** Line breaks in a record's raw text (CR LF, CR or LF each one). */
function lineBreaks(raw: string): number {
  return raw.match(LINE_BREAK)?.length ?? 0;
}

/**
 * The line where each record starts, counted from the records' raw text. csv-parse counts a CR LF
 * inside a quoted field as two lines, so its own count is used only to find where reading resumes
 * after an unreadable stretch (shifted by the difference measured on the records before it).
 */
class LineCounter {
  private next = 1;
  private shift = 0;
  private inError = false;

  record(parsed: ParsedRecord): number {
    const start = this.next;
    this.next += lineBreaks(parsed.raw);
    this.shift = this.next - 1 - parsed.info.lines;
    this.inError = false;
    return start;
  }

  /** The start line of the unreadable stretch an error belongs to, or undefined for the same stretch again. */
  error(lines: number | undefined): number | undefined {
    if (this.inError) return undefined;
    this.inError = true;
    const start = this.next;
    if (lines !== undefined) this.next = Math.max(this.next, lines + this.shift + 1);
    return start;
  }
}

/** The extract's header (its first record), or undefined for an empty file. */
async function readSamCsvHeader(file: string): Promise<string[] | undefined> {
  const stream = createReadStream(file);
  const parser = stream.pipe(new ExtractDecoder()).pipe(csvParser());
  try {
    for await (const parsed of parser as AsyncIterable<ParsedRecord>) return parsed.record;
    return undefined;
  } finally {
    stream.destroy();
    parser.destroy();
  }
}

/** The usage problem of a file (missing, not a file, no or a wrong header), or null when it can be imported. */
export async function samCsvFileProblem(file: string): Promise<string | null> {
  const info = await stat(file).catch(() => undefined);
  if (!info) return `${file}: no such file.`;
  if (!info.isFile()) return `${file}: not a file.`;
  const header = await readSamCsvHeader(file);
  if (!header) return `${file}: empty, no header row.`;
  const problem = samCsvHeaderProblem(header);
  return problem ? `${file}: ${problem}.` : null;
}

/**
 * Streams the extract (never read whole) through csv-parse, maps each row with mapSamNotice and
 * upserts the records in batches of 1,000 through government.upsertOpportunities. A bad row is
 * counted and reported with its line and reason, never a failed import. The header must have
 * passed samCsvFileProblem.
 */
export async function importSamCsv(
  file: string,
  options: {
    caller: SystemCaller;
    dryRun: boolean;
    now?: () => Date;
    /** Where the progress bar is drawn; none without a terminal. */
    progress?: NodeJS.WritableStream | undefined;
  },
): Promise<SamCsvImportReport> {
  const now = options.now ?? (() => new Date());
  const { size } = await stat(file);
  const report: SamCsvImportReport = {
    file,
    dry_run: options.dryRun,
    encoding: 'utf-8',
    rows_read: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    skipped: 0,
    mapped: 0,
    warnings: 0,
    warnings_by_field: {},
    bad_rows: [],
  };
  const bad = (row: SamCsvBadRow) => {
    report.skipped++;
    if (report.bad_rows.length < BAD_ROWS_LISTED) report.bad_rows.push(row);
  };
  const warn = (warning: SamWarning) => {
    report.warnings++;
    // pointOfContact[1].email and pointOfContact[0].email count as one field.
    const field = warning.field.replace(/\[\d+\]/g, '[]');
    report.warnings_by_field[field] = (report.warnings_by_field[field] ?? 0) + 1;
  };

  const stream = createReadStream(file);
  const decoder = new ExtractDecoder();
  // The parser runs ahead of this loop: an error is queued with the number of records parsed before
  // it and handled once the loop has consumed those, so lines and order are the file's.
  let parsedCount = 0;
  const parser = stream.pipe(decoder).pipe(csvParser(() => parsedCount++));
  const lines = new LineCounter();
  const errors: Array<{ after: number; error: Error & { lines?: number } }> = [];
  parser.on('skip', (error: Error & { lines?: number }) => errors.push({ after: parsedCount, error }));
  let consumed = 0;
  const handleErrors = (upTo: number) => {
    while (errors.length > 0 && errors[0]!.after <= upTo) {
      const { error } = errors.shift()!;
      // One unreadable stretch (an unclosed quote runs to the end of the file) is one bad row.
      const line = lines.error(error.lines);
      if (line === undefined) continue;
      report.rows_read++;
      bad({ line, notice_id: null, reason: `unreadable CSV: ${error.message}` });
    }
  };
  const bar = options.progress
    ? new SingleBar(
        { format: ' import [{bar}] {percentage}% {rows} rows {duration_formatted}', stream: options.progress },
        Presets.shades_classic,
      )
    : undefined;
  bar?.start(size, 0, { rows: 0 });

  let batch: GovernmentOpportunityRecord[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const records = batch;
    batch = [];
    if (options.dryRun) {
      report.mapped += records.length;
      return;
    }
    const counts = await options.caller.government.upsertOpportunities({ opportunities: records });
    report.inserted += counts.inserted;
    report.updated += counts.updated;
    report.unchanged += counts.unchanged;
  };

  let columns: ReturnType<typeof samCsvColumns> | undefined;
  try {
    for await (const parsed of parser as AsyncIterable<ParsedRecord>) {
      handleErrors(consumed);
      consumed++;
      const line = lines.record(parsed);
      if (!columns) {
        columns = samCsvColumns(parsed.record);
        continue;
      }
      if (parsed.record.length === 1 && parsed.record[0] === '') continue;
      report.rows_read++;
      if (parsed.record.length !== columns.length) {
        bad({
          line,
          notice_id: parsed.record[0]?.trim().slice(0, 64) || null,
          reason: `expected ${columns.length} fields, got ${parsed.record.length}`,
        });
        continue;
      }
      const row: SamCsvRow = {};
      columns.forEach((column, index) => (row[column] = parsed.record[index]));
      const mapping = mapSamNotice(samCsvRowToNotice(row), { now: now() });
      for (const warning of mapping.warnings) warn(warning);
      if (!mapping.record) {
        bad({
          line,
          notice_id: mapping.notice_id,
          reason: mapping.warnings.map((warning) => `${warning.field}: ${warning.reason}`).join('; '),
        });
        continue;
      }
      batch.push(mapping.record);
      if (batch.length >= BATCH) {
        await flush();
        bar?.update(stream.bytesRead, { rows: report.rows_read });
      }
    }
    handleErrors(Number.POSITIVE_INFINITY);
    await flush();
  } finally {
    report.encoding = decoder.encoding;
    bar?.update(stream.bytesRead, { rows: report.rows_read });
    bar?.stop();
    stream.destroy();
  }
  // The planner's statistics after a bulk load (the embedded database has no autovacuum), as the seed does.
  if (report.inserted + report.updated > 0) await options.caller.government.refreshStatistics();
  return report;
}

/** The report in words, for the terminal. */
export function describeSamCsvImport(report: SamCsvImportReport): string {
  const lines = [
    `${report.dry_run ? 'Dry run (nothing written): ' : ''}${report.rows_read} rows read from ${report.file} (${report.encoding}).`,
    report.dry_run
      ? `${report.mapped} would be upserted, ${report.skipped} skipped.`
      : `${report.inserted} inserted, ${report.updated} updated, ${report.unchanged} unchanged, ${report.skipped} skipped.`,
    `${report.warnings} warning${report.warnings === 1 ? '' : 's'} (a value stored as null or cut)${report.warnings > 0 ? ':' : '.'}`,
    ...Object.entries(report.warnings_by_field)
      .sort(([a, countA], [b, countB]) => countB - countA || a.localeCompare(b))
      .map(([field, count]) => `  ${field}: ${count}`),
  ];
  if (report.bad_rows.length > 0) {
    lines.push(`Skipped rows${report.skipped > report.bad_rows.length ? ` (first ${report.bad_rows.length})` : ''}:`);
    for (const row of report.bad_rows)
      lines.push(`  line ${row.line}${row.notice_id ? ` (${row.notice_id})` : ''}: ${row.reason}`);
  }
  return lines.join('\n');
}
