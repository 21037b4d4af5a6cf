import { createReadStream } from 'node:fs';
import { parse, type Parser } from 'csv-parse';
import { closestName } from '../../core/errors/closest-name.ts';
import { LISTING_IMPORT_COLUMNS } from '../../core/routers/directory/upsert-listings.schema.ts';
import { UsageError } from './command.ts';

type ImportColumn = (typeof LISTING_IMPORT_COLUMNS)[number]['name'];
const KNOWN = new Set<string>(LISTING_IMPORT_COLUMNS.map((column) => column.name));
/** The columns a rejection report adds: a fixed report can be imported again as it is. */
export const REPORT_COLUMNS = ['line', 'reason'] as const;
/** A record longer than this is an error of the file (most likely a quote never closed), not a row. */
const MAX_RECORD_CHARACTERS = 1_000_000;

/** The file's header: what each position holds (null: a report column, ignored) and the names as written. */
export interface CsvHeader {
  columns: (ImportColumn | null)[];
  names: string[];
}

/** One record of the file: where it starts and its cells. */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/** The csv-parse stream every read uses: UTF-8 with or without a BOM, quoted multi-line fields, rows of any length. */
function csvParser(): Parser {
  return parse({ bom: true, raw: true, relax_column_count: true, max_record_size: MAX_RECORD_CHARACTERS });
}

/** Lines a record spans: its line breaks, plus the one that ends it (or the end of the file). */
function linesOf(raw: string): number {
  let breaks = 0;
  for (const char of raw) if (char === '\n') breaks += 1;
  return raw.endsWith('\n') ? breaks : breaks + 1;
}

/** An empty line reads as one empty cell: it is skipped, not rejected. */
const isBlank = (cells: string[]) => cells.length === 1 && cells[0]!.trim() === '';

/**
 * The records of `file` with the line each starts on, streamed (the file is never read whole);
 * `onBytes` hears how far the file has been read. A malformed file (a quote never closed, a record
 * over a megabyte) throws, naming the line.
 */
export async function* readCsvRecords(file: string, onBytes?: (bytes: number) => void): AsyncGenerator<CsvRecord> {
  const input = createReadStream(file);
  const parser = input.pipe(csvParser());
  input.on('error', (error) => parser.destroy(error));
  let line = 1;
  try {
    for await (const { record, raw } of parser as AsyncIterable<{ record: string[]; raw: string }>) {
      const start = line;
      line += linesOf(raw);
      onBytes?.(input.bytesRead);
      if (!isBlank(record)) yield { line: start, cells: record };
    }
  } catch (error) {
    const where = (error as { lines?: number }).lines;
    throw new Error(
      `${file}${where === undefined ? '' : ` line ${where}`}: ${(error as Error).message} (the rows before it were processed)`,
      { cause: error },
    );
  } finally {
    input.destroy();
  }
}

/**
 * The header of `file` checked against the documented columns (names matched case-insensitively
 * and trimmed): an unknown name (with the closest documented one), a repeated one or a missing
 * required one is wrong usage, before anything is imported.
 */
export async function readHeader(file: string): Promise<CsvHeader> {
  let first: CsvRecord | undefined;
  try {
    for await (const record of readCsvRecords(file)) {
      first = record;
      break;
    }
  } catch (error) {
    const cause = (error as Error & { cause?: { code?: string } }).cause;
    if (cause?.code === 'ENOENT' || cause?.code === 'EISDIR' || cause?.code === 'EACCES')
      throw new UsageError(`cannot read ${file}: ${(cause as Error).message}`);
    throw error;
  }
  if (!first) throw new UsageError(`${file} is empty: expected a header line naming the columns.`);
  const names = first.cells.map((cell) => cell.trim());
  const columns = names.map((name): ImportColumn | null => {
    const folded = name.toLowerCase();
    if ((REPORT_COLUMNS as readonly string[]).includes(folded)) return null;
    if (KNOWN.has(folded)) return folded as ImportColumn;
    const suggestion = closestName(folded, KNOWN);
    throw new UsageError(
      `unknown column "${name}" in the header of ${file}${suggestion ? ` (did you mean "${suggestion}"?)` : ''}; ` +
        `the columns are: ${[...KNOWN].join(', ')}.`,
    );
  });
  const repeated = columns.find((column, index) => column !== null && columns.indexOf(column) !== index);
  if (repeated) throw new UsageError(`the column "${repeated}" appears twice in the header of ${file}.`);
  const missing = LISTING_IMPORT_COLUMNS.filter((column) => column.required && !columns.includes(column.name));
  if (missing.length > 0)
    throw new UsageError(
      `the header of ${file} lacks the required column${missing.length > 1 ? 's' : ''} ${missing.map((column) => column.name).join(', ')}.`,
    );
  return { columns, names };
}

/** One CSV field, quoted when it must be (RFC 4180: a comma, quote, line break or surrounding space). */
function csvField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function csvLine(fields: string[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}
