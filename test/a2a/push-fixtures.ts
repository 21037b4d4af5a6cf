import { randomUUID } from 'node:crypto';
import { createContextInner, type Context } from '../../core/context.ts';
import { createLogger } from '../../core/logger.ts';
import type { RunningService } from '../../scripts/compose/start-service.ts';
import { wireAnswerWriter } from '../../adapters/a2a/answer-writer.ts';
import { decodeCall } from '../../adapters/a2a/methods.ts';
import { invokerSkillRunner } from '../../adapters/a2a/skill-runner.ts';
import { createInvoker } from '../../core/procedures/invoker.ts';
import { appRouter, createCaller } from '../../core/routers/_app.ts';
import type { Json } from './fixtures.ts';

export type Version = '0.3' | '1.0';

/**
 * A context whose principal is an OAuth access token's (what the A2A adapter will set once it
 * verifies bearer tokens): the caller is that grant (core/services/a2a/caller.ts).
 */
export function grantContext(service: RunningService, businessId: string, grantId: string = randomUUID()): Context {
  return createContextInner({
    em: service.database.orm.em,
    log: createLogger('silent'),
    urls: { site: service.config.siteUrl, base: service.config.baseUrl },
    // The A2A ports, as the composition root adds them to an app's services.
    services: {
      ...service.services,
      a2a: { skills: invokerSkillRunner(createInvoker(appRouter)), answers: wireAnswerWriter },
    },
    requestId: `test-${randomUUID()}`,
    principal: {
      kind: 'oauth',
      businessId,
      userId: randomUUID(),
      clientId: 'push-test-client',
      grantId,
      tokenId: randomUUID(),
      scopes: ['a2a:tasks'],
    },
  });
}

/** An answer as the adapter would send it: HTTP status, headers and the parsed JSON-RPC body. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Json;
}

/**
 * One JSON-RPC request decoded by the adapter's own wire (adapters/a2a/methods.ts) and answered by
 * its procedure through the procedure caller, on a context of our choosing: the A2A endpoint's path
 * without the HTTP transport, so a grant's requests can be made before the bearer verification exists.
 */
export async function callAs(context: Context, version: Version, method: string, params: Json): Promise<Answer> {
  const id = randomUUID();
  const call = decodeCall(version, { jsonrpc: '2.0', id, method, params } as never);
  const exchange = { version, id, method };
  const neutral = <T>(read: { value: T } | { invalid: unknown }) =>
    'invalid' in read ? ({ invalid: read.invalid } as never) : read.value;
  const a2a = createCaller(context).protocols.a2a;
  let answer;
  switch (call.procedure) {
    case 'protocols.a2a.sendMessage':
      answer = await a2a.sendMessage({ exchange, params: neutral(call.params) });
      break;
    case 'protocols.a2a.getTask':
      answer = await a2a.getTask({ exchange, params: neutral(call.params) });
      break;
    case 'protocols.a2a.createPushConfig':
      answer = await a2a.createPushConfig({ exchange, params: neutral(call.params) });
      break;
    case 'protocols.a2a.getPushConfig':
      answer = await a2a.getPushConfig({ exchange, params: neutral(call.params) });
      break;
    case 'protocols.a2a.listPushConfigs':
      answer = await a2a.listPushConfigs({ exchange, params: neutral(call.params) });
      break;
    case 'protocols.a2a.deletePushConfig':
      answer = await a2a.deletePushConfig({ exchange, params: neutral(call.params) });
      break;
    case 'protocols.a2a.cancelTask':
      answer = await a2a.cancelTask({ exchange, params: neutral(call.params) });
      break;
    case 'protocols.a2a.listTasks':
      answer = await a2a.listTasks({ exchange, params: neutral(call.params) });
      break;
    case 'protocols.a2a.getExtendedCard':
    case 'protocols.a2a.sendStreamingMessage':
    case 'protocols.a2a.subscribeToTask':
      throw new Error(`the push fixtures do not call ${call.procedure}`);
    default:
      answer = await a2a.refuseUnknownMethod({ exchange, refusal: call.refusal });
  }
  return { status: answer.status, headers: answer.headers, body: JSON.parse(answer.body) };
}

/** A fetch for the official SDKs that answers every JSON-RPC POST through callAs (GETs go out as usual). */
export function fetchAs(context: () => Context): typeof fetch {
  return async (input, init) => {
    if (init?.method !== 'POST') return fetch(input, init);
    const headers = new Headers(init.headers);
    const version = (headers.get('a2a-version') === '1.0' ? '1.0' : '0.3') as Version;
    const request = JSON.parse(String(init.body)) as { id: unknown; method: string; params: Json };
    const answer = await callAs(context(), version, request.method, request.params);
    // The SDK matches the answer to its request by id.
    return new Response(JSON.stringify({ ...answer.body, id: request.id }), {
      status: answer.status,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  };
}

/** A data part of each version that runs a cheap skill to completion. */
const skillData = { skill: 'find-businesses', arguments: { per_page: 1 } };
export const explainPart: Record<Version, Json> = {
  '0.3': { kind: 'data', data: skillData },
  '1.0': { data: skillData, mediaType: 'application/json' },
};

/** SendMessage / message/send params for one message of that part, with extra params. */
export function sendParams(version: Version, extra: Json = {}): Json {
  const message =
    version === '1.0'
      ? { messageId: randomUUID(), role: 'ROLE_USER', parts: [explainPart['1.0']] }
      : { kind: 'message', messageId: randomUUID(), role: 'user', parts: [explainPart['0.3']] };
  return { message, ...extra };
}

export const sendMethod: Record<Version, string> = { '0.3': 'message/send', '1.0': 'SendMessage' };

/** A task created by this context's grant (completed). */
export async function ownedTask(context: Context, version: Version = '1.0', extra: Json = {}): Promise<string> {
  const answer = await callAs(context, version, sendMethod[version], sendParams(version, extra));
  const task = version === '1.0' ? answer.body.result?.task : answer.body.result;
  if (!task?.id) throw new Error(`no task: ${JSON.stringify(answer.body)}`);
  return task.id as string;
}
