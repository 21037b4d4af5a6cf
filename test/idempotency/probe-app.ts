import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { z } from 'zod';
import { createContextInner, type Context, type ContextFactory } from '../../core/context.ts';
import { createLogger } from '../../core/logger.ts';
import { createInvoker } from '../../core/procedures/invoker.ts';
import { appRouter } from '../../core/routers/_app.ts';
import { IDEMPOTENCY_MAX_STORED_BODY } from '../../core/services/idempotency/policy.ts';
import { agentStoringProcedure, mergeRouters, router } from '../../core/trpc.ts';
import type { RunningService } from '../../scripts/compose/start-service.ts';
import { request, type JsonResponse } from '../helpers/http.ts';
import { sql } from '../helpers/sql.ts';
import { startTestApp, type TestApp } from '../helpers/test-service.ts';

/** Where the probe procedures answer, under {base_url}: every key of theirs has a scope under it. */
const PROBE_PATH = '/v1/test/idempotency';

interface Gate {
  /** Resolves when the held execution has started. */
  started: Promise<void>;
  /** Lets it finish. */
  open(): void;
}

/** What one request's execution is told to do instead of answering 200 (the X-Probe-* headers the test sends). */
interface Instruction {
  status?: number;
  throws?: boolean;
  /** An answer too large for a key to keep (over IDEMPOTENCY_MAX_STORED_BODY). */
  huge?: boolean;
}

const ZProbeInput = z.looseObject({});
const ZProbeOutput = z.object({ execution: z.number().int(), echo: z.unknown(), filler: z.string().optional() });

/**
 * Test-only procedures behind the real idempotency middleware (`rest: { idempotent: true }` on an
 * agent storing procedure, as the UCP checkout is), served by the real app over the shared test
 * service's database: `POST {base_url}/v1/test/idempotency/probe/{name}` (one endpoint, so another
 * name is another request with the same key) and `POST .../other` (an endpoint of its own). Each
 * execution counts, answers 200 with the execution number (also in X-Probe-Execution); the test
 * tells one request's execution, by the request headers `X-Probe-Status`, `X-Probe-Throw` and
 * `X-Probe-Body: huge`, to answer another status, to throw, or to answer more than a key keeps
 * (a procedure sees no headers: post() hands them over under the request's X-Request-Id);
 * `hold()` makes the next execution wait for the test.
 */
export class ProbeApp {
  executions = 0;
  /** Time passing for the probe's keys: each of their instants moves back (as if the clock moved forward). */
  readonly clock = { advance: (seconds: number): Promise<void> => this.age(seconds) };
  url = '';
  private app: TestApp | undefined;
  private gate: (Gate & { release: Promise<void>; markStarted: () => void }) | undefined;
  private readonly instructions = new Map<string, Instruction>();
  readonly access: { invoker: ReturnType<typeof createInvoker<typeof appRouter>>; createContext: ContextFactory };

  constructor(private readonly shared: RunningService) {
    const { database, services, config } = shared;
    const urls = { site: config.siteUrl, base: config.baseUrl };
    const createContext: ContextFactory = (facts) =>
      createContextInner({ em: database.orm.em, urls, services, ...facts });
    this.access = { invoker: createInvoker(appRouter), createContext };
  }

  /** The app's log lines. */
  get logs(): TestApp['logs'] {
    return this.app!.logs;
  }

  /** A context of the system principal (to call sweepExpired). */
  systemContext(): Context {
    const { database, services, config } = this.shared;
    return createContextInner({
      em: database.orm.em,
      urls: { site: config.siteUrl, base: config.baseUrl },
      services,
      log: createLogger('silent'),
      requestId: 'test-sweep',
      principal: { kind: 'system' },
    });
  }

  /** Makes the next execution wait until open() is called. */
  hold(): Gate {
    let open!: () => void;
    let markStarted!: () => void;
    const release = new Promise<void>((resolve) => (open = resolve));
    const started = new Promise<void>((resolve) => (markStarted = resolve));
    this.gate = { started, open, release, markStarted };
    return { started, open };
  }

  /** Resolves when the app has next finished a request (whether or not its client still listens). */
  async nextAnswered(): Promise<void> {
    const answered = (): number => this.logs.lines.filter((line) => line.msg === 'request completed').length;
    const before = answered();
    while (answered() === before) await new Promise((resolve) => setTimeout(resolve, 5));
  }

  /** A JSON POST to a probe path ("/probe/a", "/other"); its X-Probe-* headers instruct its execution. */
  post(path: string, body: string, headers: Record<string, string> = {}): Promise<JsonResponse> {
    const requestId = randomUUID();
    const instruction: Instruction = {
      ...(headers['X-Probe-Status'] ? { status: Number(headers['X-Probe-Status']) } : {}),
      ...(headers['X-Probe-Throw'] ? { throws: true } : {}),
      ...(headers['X-Probe-Body'] === 'huge' ? { huge: true } : {}),
    };
    this.instructions.set(requestId, instruction);
    return request(`${this.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Request-Id': requestId, ...headers },
      body,
    });
  }

  private async execute(ctx: Context, input: unknown): Promise<z.infer<typeof ZProbeOutput>> {
    const execution = ++this.executions;
    const gate = this.gate;
    if (gate) {
      this.gate = undefined;
      gate.markStarted();
      await gate.release;
    }
    const instruction = this.instructions.get(ctx.requestId) ?? {};
    this.instructions.delete(ctx.requestId);
    if (instruction.throws) throw new Error('probe failure');
    if (instruction.status !== undefined) ctx.response.status = instruction.status;
    ctx.response.headers['X-Probe-Execution'] = String(execution);
    const filler = instruction.huge ? { filler: 'x'.repeat(IDEMPOTENCY_MAX_STORED_BODY) } : {};
    return { execution, echo: input, ...filler };
  }

  /** The probe procedures beside the real ones. */
  private probeRouter() {
    const probe = (path: string, summary: string) =>
      agentStoringProcedure
        .meta({ openapi: { method: 'POST', path: `${PROBE_PATH}${path}`, summary }, rest: { idempotent: true } })
        .input(ZProbeInput)
        .output(ZProbeOutput)
        .mutation(({ ctx, input }) => this.execute(ctx, input));
    const idempotencyProbes = router({
      probe: probe('/probe/{name}', 'Count an execution (one endpoint for every name)'),
      other: probe('/other', 'Count an execution (an endpoint of its own)'),
    });
    return mergeRouters(appRouter, router({ idempotencyProbes }));
  }

  async start(): Promise<this> {
    this.app = await startTestApp(this.shared, this.probeRouter());
    this.url = `${this.app.url}/api${PROBE_PATH}`;
    return this;
  }

  /** Moves every instant of the probe's keys `seconds` back: for them, as if that much time had passed. */
  private async age(seconds: number): Promise<void> {
    await sql(
      `update idempotency_keys
          set created_at = created_at - make_interval(secs => ?), expires_at = expires_at - make_interval(secs => ?),
              locked_until = locked_until - make_interval(secs => ?)
        where scope like ?`,
      [seconds, seconds, seconds, `POST /api${PROBE_PATH}/%`],
    );
  }

  close(): Promise<void> {
    return this.app?.close() ?? Promise.resolve();
  }
}

export interface RawResponse {
  status: number;
  head: string;
  body: string;
}

/**
 * A POST written byte for byte on a socket (fetch refuses header values with control or
 * non-ASCII characters, which these tests must send) to `path` under `url`'s own path:
 * `headerLines` are Latin-1 or, with `utf8`, UTF-8 bytes.
 */
export function rawPost(
  url: string,
  path: string,
  headerLines: string[],
  body: string,
  utf8 = false,
): Promise<RawResponse> {
  const { hostname, port, pathname } = new URL(url);
  const head = [
    `POST ${pathname.replace(/\/$/, '')}${path} HTTP/1.1`,
    `Host: ${hostname}:${port}`,
    'Connection: close',
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    ...headerLines,
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const responseHead = split < 0 ? text : text.slice(0, split);
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]),
        head: responseHead,
        body: split < 0 ? '' : text.slice(split + 4),
      });
    });
    socket.write(Buffer.concat([Buffer.from(`${head}\r\n`, utf8 ? 'utf8' : 'latin1'), Buffer.from(`\r\n${body}`)]));
  });
}
