import { randomUUID } from 'node:crypto';
import type { RunningService } from '../../scripts/compose/start-service.ts';
import { a2aAccessToken, type A2aAccessToken, type A2aAccessTokenOptions } from '../helpers/a2a-access-token.ts';
import { request, type JsonResponse } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import type { Json } from './fixtures.ts';

export type Version = '0.3' | '1.0';

/** A grant's real A2A access token and the endpoint of the app that issued it, where it is sent. */
export interface GrantCaller extends A2aAccessToken {
  endpoint: string;
}

/** A new grant of the app `at` (the shared service by default), through the real OAuth flow. */
export async function grantCaller(
  at: RunningService = service(),
  options: A2aAccessTokenOptions = {},
): Promise<GrantCaller> {
  return { ...(await a2aAccessToken(at, options)), endpoint: `${at.config.baseUrl}/v1/agent/a2a` };
}

/** The headers of one version's JSON-RPC request with this bearer token. */
function headersOf(version: Version, token: string): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    Authorization: `Bearer ${token}`,
    ...(version === '1.0' ? { 'A2A-Version': '1.0' } : {}),
  };
}

/** One JSON-RPC request to the caller's A2A endpoint over HTTP, with its token as Authorization: Bearer. */
export function callAs(
  caller: GrantCaller,
  version: Version,
  method: string,
  params: Json,
): Promise<JsonResponse<Json>> {
  return request<Json>(caller.endpoint, {
    method: 'POST',
    headers: headersOf(version, caller.token),
    body: JSON.stringify({ jsonrpc: '2.0', id: randomUUID(), method, params }),
  });
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

/** The task of a SendMessage / message/send answer (1.0 wraps it in {task}). */
export const taskOf = (version: Version, body: Json): Json => (version === '1.0' ? body.result?.task : body.result);

/** A task created with this caller's token (completed): its grant's. */
export async function ownedTask(caller: GrantCaller, version: Version = '1.0', extra: Json = {}): Promise<string> {
  const answer = await callAs(caller, version, sendMethod[version], sendParams(version, extra));
  const task = taskOf(version, answer.body);
  if (!task?.id) throw new Error(`no task: ${answer.text}`);
  return task.id as string;
}
