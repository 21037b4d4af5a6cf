import { randomUUID } from 'node:crypto';
import { wireAnswerWriter } from '../../adapters/a2a/answer-writer.ts';
import { invokerSkillRunner } from '../../adapters/a2a/skill-runner.ts';
import type { Principal } from '../../core/auth/principal.ts';
import { createContextInner } from '../../core/context.ts';
import { createLogger } from '../../core/logger.ts';
import { createInvoker } from '../../core/procedures/invoker.ts';
import { appRouter, createCaller } from '../../core/routers/_app.ts';
import { filtersDigest, issuePageToken } from '../../core/services/a2a/page-token.ts';
import type { RunningService } from '../../scripts/compose/start-service.ts';
import { measureInterleaved, printLatencyTable, ratios, type LatencyStats, type LatencyTarget } from './latency.ts';

/** The listing the bench stores: one grant's tasks over contexts, and one large anonymous context. */
const GRANT_TASKS = 100_000;
const GRANT_CONTEXTS = 100;
const ANONYMOUS_TASKS = 10_000;

/** What the bench reads of an A2A answer. */
interface Answer {
  result?: { id?: string; tasks?: unknown[] };
}
type Params = Record<string, unknown>;

/**
 * Stores the listing in two statements (generate_series): GRANT_TASKS tasks of one grant spread
 * round-robin over GRANT_CONTEXTS contexts, and ANONYMOUS_TASKS anonymous tasks in one context, each
 * with a two-message history and one artifact, as a finished task of a skill has.
 */
async function storeListing(service: RunningService, grantId: string, anonymousContext: string): Promise<void> {
  const history = JSON.stringify([
    { messageId: 'm-user', role: 'user', parts: [{ kind: 'text', text: 'plumbers in Austin rated 4+' }] },
    { messageId: 'm-agent', role: 'agent', parts: [{ kind: 'text', text: 'Found 12 businesses.' }] },
  ]);
  const artifacts = JSON.stringify([
    { artifactId: 'a', name: 'find-businesses', parts: [{ kind: 'text', text: 'x' }] },
  ]);
  const insert = `insert into agent_tasks (id, context_id, owner_grant_id, status_seq, state, skill, history, artifacts, created_at, updated_at, expires_at)
    select gen_random_uuid(), ?, ?::uuid, nextval('agent_task_status_seq'), 'completed', 'find-businesses', ?::json, ?::json,
           now(), now(), now() + interval '7 days'
      from generate_series(1, ?) n`;
  const connection = service.database.orm.em.fork().getConnection();
  await connection.execute(
    insert.replace('select gen_random_uuid(), ?,', "select gen_random_uuid(), 'bench-' || (n % ?),"),
    [GRANT_CONTEXTS, grantId, history, artifacts, GRANT_TASKS],
  );
  await connection.execute(insert, [anonymousContext, null, history, artifacts, ANONYMOUS_TASKS]);
  await connection.execute('analyze agent_tasks');
}

/** A page token pointing `depth` tasks into a listing, as the page before it would have issued it. */
async function deepToken(
  service: RunningService,
  where: { sql: string; params: unknown[] },
  depth: number,
  filters: { contextId?: string },
  total: number,
): Promise<string> {
  const [row] = await service.database.orm.em
    .fork()
    .getConnection()
    .execute<Array<{ status_seq: string }>>(
      `select status_seq from agent_tasks where ${where.sql} order by status_seq desc offset ? limit 1`,
      [...where.params, depth - 1],
    );
  const digest = filtersDigest({ contextId: filters.contextId, state: undefined, statusChangedSince: undefined });
  return issuePageToken({ after: String(row!.status_seq), total }, digest);
}

/**
 * ListTasks over GRANT_TASKS stored tasks: first pages and a deep page (half way), for a grant caller
 * (in process through the procedure, as the adapter calls it: the A2A adapter does not read access
 * tokens yet) and for an anonymous caller naming a context (the same in process, and over HTTP),
 * each against GetTask by the same way in: the ratios say what a list costs beside one read.
 */
export async function measureListTasks(
  service: RunningService,
  options: { calls: number; warmup: number; round: number },
): Promise<void> {
  const grantId = randomUUID();
  const anonymousContext = randomUUID();
  await storeListing(service, grantId, anonymousContext);
  const principal: Principal = {
    kind: 'oauth',
    businessId: randomUUID(),
    userId: randomUUID(),
    clientId: randomUUID(),
    grantId,
    tokenId: randomUUID(),
    scopes: ['a2a:tasks'],
  };
  const a2a = { skills: invokerSkillRunner(createInvoker(appRouter)), answers: wireAnswerWriter };
  const callerOf = (who: Principal) =>
    createCaller(
      createContextInner({
        em: service.database.orm.em,
        log: createLogger('silent'),
        urls: { site: service.config.siteUrl, base: service.config.baseUrl },
        services: { ...service.services, a2a },
        requestId: randomUUID(),
        principal: who,
      }),
    );
  const exchange = (method: string) => ({ version: '1.0' as const, id: 1, method });
  const expectPage = (body: string, size: number) => {
    const answer = JSON.parse(body) as Answer;
    if (answer.result?.tasks?.length !== size) throw new Error(`ListTasks answered ${body.slice(0, 300)}`);
  };
  const inProcess =
    (who: Principal, params: Params, size = 50) =>
    async () =>
      expectPage((await callerOf(who).protocols.a2a.listTasks({ exchange: exchange('ListTasks'), params })).body, size);
  const [someTask] = await service.database.orm.em
    .fork()
    .getConnection()
    .execute<Array<{ id: string }>>('select id from agent_tasks where context_id = ? limit 1', [anonymousContext]);
  const getInProcess = async () => {
    const body = (
      await callerOf({ kind: 'anonymous' }).protocols.a2a.getTask({
        exchange: exchange('GetTask'),
        params: { id: someTask!.id, historyLength: undefined },
      })
    ).body;
    if (!body.includes('"result"')) throw new Error(`GetTask answered ${body.slice(0, 300)}`);
  };
  const a2aUrl = `http://127.0.0.1:${service.config.port}/api/v1/agent/a2a`;
  const overHttp = (method: string, params: Params, check: (answer: Answer) => boolean) => async () => {
    const response = await fetch(a2aUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const answer = (await response.json()) as Answer;
    if (response.status !== 200 || !check(answer))
      throw new Error(`${method} answered ${JSON.stringify(answer).slice(0, 300)}`);
  };

  const grantWhere = { sql: 'owner_grant_id = ?::uuid', params: [grantId] };
  const anonymousWhere = { sql: 'context_id = ? and owner_grant_id is null', params: [anonymousContext] };
  const grantDeep = await deepToken(service, grantWhere, GRANT_TASKS / 2, {}, 10_000);
  const anonymousDeep = await deepToken(
    service,
    anonymousWhere,
    ANONYMOUS_TASKS / 2,
    { contextId: anonymousContext },
    10_000,
  );
  const anonymous: Principal = { kind: 'anonymous' };
  const page = (answer: Answer) => answer.result?.tasks?.length === 50;

  const rows: LatencyTarget[] = [
    { target: 'in process: GetTask', run: getInProcess, samples: [] },
    { target: 'in process: ListTasks, grant, first page', run: inProcess(principal, {}), samples: [] },
    {
      target: 'in process: ListTasks, grant, page at 50,000',
      run: inProcess(principal, { pageToken: grantDeep }),
      samples: [],
    },
    {
      target: 'in process: ListTasks, grant + contextId, first page',
      run: inProcess(principal, { contextId: 'bench-7' }),
      samples: [],
    },
    {
      target: 'in process: ListTasks, anonymous context, first page',
      run: inProcess(anonymous, { contextId: anonymousContext }),
      samples: [],
    },
    {
      target: 'in process: ListTasks, anonymous context, page at 5,000',
      run: inProcess(anonymous, { contextId: anonymousContext, pageToken: anonymousDeep }),
      samples: [],
    },
    {
      target: 'HTTP: GetTask',
      run: overHttp('GetTask', { id: someTask!.id }, (answer) => answer.result?.id === someTask!.id),
      samples: [],
    },
    {
      target: 'HTTP: ListTasks, anonymous context, first page',
      run: overHttp('ListTasks', { contextId: anonymousContext }, page),
      samples: [],
    },
    {
      target: 'HTTP: ListTasks, anonymous context, page at 5,000',
      run: overHttp('ListTasks', { contextId: anonymousContext, pageToken: anonymousDeep }, page),
      samples: [],
    },
  ];
  await measureInterleaved(rows, options);
  console.log(
    `\nListTasks: ${GRANT_TASKS} tasks of one grant over ${GRANT_CONTEXTS} contexts, ${ANONYMOUS_TASKS} anonymous tasks in one context; pages of 50; totalSize counted up to 10,000 on first pages; ${options.calls} sequential calls per target after ${options.warmup} warm-up calls\n`,
  );
  const stats = printLatencyTable(rows) as LatencyStats[];
  const [get, grantFirst, grantPage, grantContext, anonFirst, anonPage, httpGet, httpFirst, httpPage] = stats as [
    LatencyStats,
    LatencyStats,
    LatencyStats,
    LatencyStats,
    LatencyStats,
    LatencyStats,
    LatencyStats,
    LatencyStats,
    LatencyStats,
  ];
  console.log(
    `\nagainst GetTask in process: grant first page ${ratios(grantFirst, get)}; grant page at 50,000 ${ratios(grantPage, get)}`,
  );
  console.log(`  grant + contextId first page ${ratios(grantContext, get)}`);
  console.log(`  anonymous context first page ${ratios(anonFirst, get)}; page at 5,000 ${ratios(anonPage, get)}`);
  console.log(
    `against GetTask over HTTP: first page ${ratios(httpFirst, httpGet)}; page at 5,000 ${ratios(httpPage, httpGet)}`,
  );
}
