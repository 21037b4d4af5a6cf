import { randomUUID } from 'node:crypto';
import { wireAnswerWriter } from '../../adapters/a2a/answer-writer.ts';
import { invokerSkillRunner } from '../../adapters/a2a/skill-runner.ts';
import type { Principal } from '../../core/auth/principal.ts';
import { createContextInner } from '../../core/context.ts';
import { createLogger } from '../../core/logger.ts';
import { createInvoker } from '../../core/procedures/invoker.ts';
import { appRouter, createCaller } from '../../core/routers/_app.ts';
import { service } from '../helpers/root-hooks.ts';
import { sql } from '../helpers/sql.ts';
import type { Json } from './fixtures.ts';

/** An OAuth principal of a fresh grant: what the A2A adapter makes of an access token for the endpoint. */
export function grantPrincipal(): Extract<Principal, { kind: 'oauth' }> {
  return {
    kind: 'oauth',
    businessId: randomUUID(),
    userId: randomUUID(),
    clientId: randomUUID(),
    grantId: randomUUID(),
    tokenId: randomUUID(),
    scopes: ['a2a:tasks'],
  };
}

/**
 * Stores `count` tasks in one statement, each with a newer status than the last: one user and one
 * agent message, one artifact. Answers their ids, oldest status first.
 */
export async function storeTasks(options: {
  count: number;
  contextId: string;
  ownerGrantId: string | null;
  state?: string;
}): Promise<string[]> {
  const history = JSON.stringify([
    { messageId: 'm-user', role: 'user', parts: [{ kind: 'text', text: 'hello' }] },
    { messageId: 'm-agent', role: 'agent', parts: [{ kind: 'text', text: 'Which skill?' }] },
  ]);
  const artifacts = JSON.stringify([{ artifactId: 'a-1', name: 'answer', parts: [{ kind: 'text', text: 'done' }] }]);
  const rows = await sql<{ id: string }>(
    `insert into agent_tasks (id, context_id, owner_grant_id, status_seq, state, skill, history, artifacts, created_at, updated_at, expires_at)
       select gen_random_uuid(), ?, ?::uuid, nextval('agent_task_status_seq'), ?, null, ?::json, ?::json, now(), now(), now() + interval '7 days'
         from generate_series(1, ?) n order by n
     returning id, status_seq`,
    [options.contextId, options.ownerGrantId, options.state ?? 'completed', history, artifacts, options.count],
  );
  return rows.sort((a, b) => Number((a as Json).status_seq) - Number((b as Json).status_seq)).map((row) => row.id);
}

/** A 1.0 A2A method called through the procedure caller, as the adapter calls it for a caller with this principal. */
export async function callAs(principal: Principal, procedure: 'listTasks' | 'cancelTask', params: Json): Promise<Json> {
  const running = service();
  // The A2A service's ports as the composition root gives them (scripts/compose/compose-app.ts).
  const a2a = { skills: invokerSkillRunner(createInvoker(appRouter)), answers: wireAnswerWriter };
  const context = createContextInner({
    em: running.database.orm.em,
    log: createLogger('silent'),
    urls: { site: running.config.siteUrl, base: running.config.baseUrl },
    services: { ...running.services, a2a },
    requestId: `test-${randomUUID()}`,
    principal,
  });
  const caller = createCaller(context);
  const exchange = { version: '1.0' as const, id: 1, method: procedure === 'listTasks' ? 'ListTasks' : 'CancelTask' };
  const answer = await caller.protocols.a2a[procedure]({ exchange, params });
  return JSON.parse(answer.body);
}
