import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import parse from 'co-body';
import Koa from 'koa';
import { closeGracefully } from '../../adapters/http/graceful-close.ts';
import { answerIdempotently, writeHttpAnswer, type HttpAnswer } from '../../adapters/http/idempotency.ts';
import { envelope } from '../../adapters/http/middleware/envelope.ts';
import type { ProcedureAccess } from '../../adapters/http/procedure-access.ts';
import { siteUrlsResolver } from '../../adapters/http/site-urls.ts';
import type { HttpState } from '../../adapters/http/state.ts';
import type { Clock } from '../../core/clock.ts';
import { createContextInner, type Context, type ContextFactory } from '../../core/context.ts';
import { createLogger } from '../../core/logger.ts';
import { createInvoker } from '../../core/procedures/invoker.ts';
import { appRouter } from '../../core/routers/_app.ts';
import type { RunningService } from '../../scripts/compose/start-service.ts';
import { LogSink } from '../helpers/log-sink.ts';

/** A clock the test moves forward: the probe's contexts (and so every idempotency decision) read it. */
class TestClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(seconds: number): void {
    this.offsetMs += seconds * 1000;
  }
}

interface Gate {
  /** Resolves when the held execution has started. */
  started: Promise<void>;
  /** Lets it finish. */
  open(): void;
}

/**
 * A test-only endpoint behind the real idempotency helper, the real invoker and procedures, over
 * the shared test service's database: `POST /probe/<anything>` (scope "POST /probe", so a different
 * path under it is a different request with the same key) and `POST /other` (a scope of its own).
 * Each execution counts, answers 201 with the execution number, and can be told by request headers
 * to answer another status (`X-Probe-Status`), to throw (`X-Probe-Throw`), or to answer a body
 * that cannot be stored (`X-Probe-Body: nul`); `hold()` makes the next execution wait for the test.
 * `A2A-Version` is a `vary` header, as the A2A endpoint will have it.
 */
export class ProbeApp {
  executions = 0;
  readonly clock = new TestClock();
  readonly logs = new LogSink();
  url = '';
  private gate: (Gate & { release: Promise<void>; markStarted: () => void }) | undefined;
  private answeredWaiters: Array<() => void> = [];
  private server = createServer();
  readonly access: ProcedureAccess;

  constructor(private readonly shared: RunningService) {
    const { database, services, config } = shared;
    const clock = this.clock;
    const urls = { site: config.siteUrl, base: config.baseUrl };
    const createContext: ContextFactory = (facts) =>
      createContextInner({ em: database.orm.em, urls, services, ...facts, clock });
    this.access = { invoker: createInvoker(appRouter), createContext };
  }

  /** A context of the system principal on the probe's clock (to call sweepExpired). */
  systemContext(): Context {
    const { database, services, config } = this.shared;
    return createContextInner({
      em: database.orm.em,
      urls: { site: config.siteUrl, base: config.baseUrl },
      services,
      log: createLogger('silent'),
      requestId: 'test-sweep',
      principal: { kind: 'system' },
      clock: this.clock,
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

  /** Resolves when the probe has next finished a request (whether or not its client still listens). */
  nextAnswered(): Promise<void> {
    return new Promise((resolve) => this.answeredWaiters.push(resolve));
  }

  private async execute(ctx: Koa.ParameterizedContext<HttpState>, body: unknown): Promise<HttpAnswer> {
    const execution = ++this.executions;
    const gate = this.gate;
    if (gate) {
      this.gate = undefined;
      gate.markStarted();
      await gate.release;
    }
    if (ctx.get('X-Probe-Throw')) throw new Error('probe failure');
    const status = Number(ctx.get('X-Probe-Status') || 201);
    if (ctx.get('X-Probe-Body') === 'nul') {
      return { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: `execution ${execution}\u0000` };
    }
    return {
      status,
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'X-Probe-Execution': String(execution) },
      // Spacing of its own, so a replay that re-serialised the body would show.
      body: JSON.stringify({ execution, echo: body }, null, 1),
    };
  }

  async start(): Promise<this> {
    const app = new Koa<HttpState>();
    app.silent = true;
    const log = createLogger('debug', this.logs);
    app.use(
      envelope({
        log,
        siteUrl: this.shared.config.siteUrl,
        siteUrls: siteUrlsResolver(this.shared.config),
        documentPaths: [],
      }),
    );
    app.use(async (ctx) => {
      const scope = ctx.path.startsWith('/probe/') ? 'POST /probe' : ctx.path === '/other' ? 'POST /other' : undefined;
      if (ctx.method !== 'POST' || scope === undefined) return;
      const text = await parse.text(ctx.req, { limit: '2mb' });
      let body: unknown = text;
      let bodyIsText = true;
      try {
        body = text === '' ? undefined : JSON.parse(text);
        bodyIsText = false;
      } catch {
        // not JSON: compared as text
      }
      try {
        const answer = await answerIdempotently(
          ctx,
          this.access,
          { scope, body, bodyIsText, vary: ['A2A-Version'] },
          () => this.execute(ctx, body),
        );
        writeHttpAnswer(ctx, answer);
      } finally {
        const waiters = this.answeredWaiters.splice(0);
        for (const resolve of waiters) resolve();
      }
    });
    this.server.on('request', app.callback());
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    return closeGracefully(this.server, 1000);
  }
}

export interface RawResponse {
  status: number;
  head: string;
  body: string;
}

/**
 * A POST written byte for byte on a socket (fetch refuses header values with control or
 * non-ASCII characters, which these tests must send): `headerLines` are Latin-1 or, with
 * `utf8`, UTF-8 bytes.
 */
export function rawPost(
  url: string,
  path: string,
  headerLines: string[],
  body: string,
  utf8 = false,
): Promise<RawResponse> {
  const { hostname, port } = new URL(url);
  const head = [
    `POST ${path} HTTP/1.1`,
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
