import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface LoadSummary {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  /** Requests answered during warm-up and measurement together. */
  allRequests: number;
  /**
   * CPU time (user + system) the process serving the target spent per request, in microseconds,
   * when the target runs in the benchmark's own process (see loadTestInProcess). Unlike throughput,
   * it hardly depends on what else the machine's cores are doing, so it shows where the cost is.
   */
  cpuMicrosPerRequest?: number;
  /** Connection errors, timeouts and non-2xx answers, warm-up included. */
  failed: number;
}

export interface LoadOptions {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  /**
   * When set, every request is a new client: its own `X-Forwarded-For`, numbered from this value
   * (as an IPv4 address) upwards. Give each load its own range so that no two share a client.
   */
  firstClient?: number;
  /** Headers every request carries (an `authorization` for a token-protected target). */
  headers?: Record<string, string>;
  /** The request's method and body (default GET, none): a JSON-RPC POST, for one. */
  method?: 'GET' | 'POST';
  body?: string;
}

const child = fileURLToPath(new URL('./load-child.ts', import.meta.url));

/** Loads `url` from a separate process and answers its summary. */
export function loadTest(url: string, options: LoadOptions): Promise<LoadSummary> {
  const args = [
    '--import',
    'tsx',
    child,
    url,
    String(options.connections),
    String(options.durationSeconds),
    String(options.warmupSeconds),
    ...(options.firstClient === undefined ? [] : [String(options.firstClient)]),
  ];
  return new Promise((resolve, reject) => {
    // The headers go by the environment, not argv: a token stays out of the process list.
    const env = {
      ...process.env,
      ...(options.headers ? { LOAD_HEADERS: JSON.stringify(options.headers) } : {}),
      ...(options.method ? { LOAD_METHOD: options.method } : {}),
      ...(options.body !== undefined ? { LOAD_BODY: options.body } : {}),
    };
    execFile(process.execPath, args, { maxBuffer: 1 << 20, env }, (error, stdout, stderr) => {
      if (error) reject(new Error(`load generator failed: ${stderr || error.message}`));
      else resolve(JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as LoadSummary);
    });
  });
}

/**
 * loadTest for a server living in this process: also answers the CPU this process spent per
 * request over the whole run (warm-up included; the load generator is a child, so not counted).
 */
export async function loadTestInProcess(url: string, options: LoadOptions): Promise<LoadSummary> {
  const before = process.cpuUsage();
  const summary = await loadTest(url, options);
  const used = process.cpuUsage(before);
  return {
    ...summary,
    cpuMicrosPerRequest: summary.allRequests > 0 ? (used.user + used.system) / summary.allRequests : Number.NaN,
  };
}

export function positiveFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number >= 1`);
  return value;
}

export interface ReportRow {
  target: string;
  load: LoadSummary;
}

/** A fixed-width table: target, throughput, p50, p99, failures. */
export function printTable(rows: ReportRow[]): void {
  const table = [
    ['target', 'req/s', 'p50 ms', 'p99 ms', 'CPU µs/req', 'failed'],
    ...rows.map(({ target, load }) => [
      target,
      load.requestsPerSecond.toFixed(0),
      load.p50.toFixed(2),
      load.p99.toFixed(2),
      load.cpuMicrosPerRequest === undefined ? '-' : load.cpuMicrosPerRequest.toFixed(0),
      String(load.failed),
    ]),
  ];
  const widths = table[0]!.map((_, column) => Math.max(...table.map((line) => line[column]!.length)));
  for (const line of table) console.log(line.map((cell, column) => cell.padEnd(widths[column]!)).join('  '));
}

export function ratio(a: number, b: number): string {
  return b > 0 ? (a / b).toFixed(2) : 'n/a';
}

/** The median of a round's ratios (the mean of the middle two for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** A ratio with two decimals, `n/a` when undefined (a side that served nothing). */
export const fixed = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : 'n/a');
