import { errorMessage } from '../../core/errors/index.ts';
import type { A2aRequest } from './envelope.ts';
import type { A2aVersion } from './transport-checks.ts';
import { pushWire03 } from './push-wire-0.3.ts';
import { pushWire10 } from './push-wire-1.0.ts';
import type { PushWire } from './push-wire.ts';
import { wire03 } from './wire-0.3.ts';
import { wire10 } from './wire-1.0.ts';
import type { Wire } from './wire.ts';

export const wires: Record<A2aVersion, Wire> = { '0.3': wire03, '1.0': wire10 };
export const pushWires: Record<A2aVersion, PushWire> = { '0.3': pushWire03, '1.0': pushWire10 };

type PushMethodKind = 'pushCreate' | 'pushGet' | 'pushList' | 'pushDelete';
type MethodKind = keyof Wire['methods'] | PushMethodKind;

/** The push notification methods of a version, by their wire names. */
const pushMethods = (push: PushWire): Record<string, PushMethodKind> => ({
  [push.methods.create]: 'pushCreate',
  [push.methods.get]: 'pushGet',
  [push.methods.list]: 'pushList',
  [push.methods.delete]: 'pushDelete',
});

/** The task methods a version serves, by their wire names. */
function methodTable(wire: Wire): Record<string, MethodKind> {
  return Object.fromEntries(
    (Object.entries(wire.methods) as Array<[keyof Wire['methods'], string | undefined]>).flatMap(([kind, name]) =>
      name === undefined ? [] : [[name, kind]],
    ),
  );
}

/** The methods each version serves, by their wire names; everything else is -32601. */
const methods: Record<A2aVersion, Record<string, MethodKind>> = {
  '0.3': { ...methodTable(wire03), ...pushMethods(pushWire03) },
  '1.0': { ...methodTable(wire10), ...pushMethods(pushWire10) },
};

/** The wire names of the methods each version serves (the OpenAPI description lists them). */
export const servedMethods = (version: A2aVersion): string[] => Object.keys(methods[version]);

/** A method of the other version: the client forgot (or added) the A2A-Version header. */
function otherVersionHint(version: A2aVersion, method: string): string | undefined {
  if (version === '0.3' && Object.hasOwn(methods['1.0'], method))
    return `${method} is an A2A 1.0 method: send the header A2A-Version: 1.0 with it (without the header a request is read as 0.3, whose methods are ${Object.keys(methods['0.3']).join(', ')}).`;
  if (version === '1.0' && Object.hasOwn(methods['0.3'], method))
    return `${method} is an A2A 0.3 method: send it without A2A-Version (or with A2A-Version: 0.3); with A2A-Version: 1.0 the methods are ${Object.keys(methods['1.0']).join(', ')}.`;
  return undefined;
}

/** The metrics' name of a method: itself when some version has it, else `(unknown)` (never a client's text). */
export function a2aOperation(method: string): string {
  return Object.values(methods).some((table) => Object.hasOwn(table, method)) ? method : '(unknown)';
}

/** One request decoded from its version's wire: which A2A procedure answers it, with what neutral input. */
export type DecodedCall =
  | { procedure: 'protocols.a2a.sendMessage'; params: ReturnType<Wire['readSendParams']> }
  | { procedure: 'protocols.a2a.getTask'; params: ReturnType<Wire['readGetParams']> }
  | { procedure: 'protocols.a2a.createPushConfig'; params: ReturnType<PushWire['readCreateParams']> }
  | { procedure: 'protocols.a2a.getPushConfig'; params: ReturnType<PushWire['readGetParams']> }
  | { procedure: 'protocols.a2a.listPushConfigs'; params: ReturnType<PushWire['readListParams']> }
  | { procedure: 'protocols.a2a.deletePushConfig'; params: ReturnType<PushWire['readDeleteParams']> }
  | { procedure: 'protocols.a2a.cancelTask'; params: ReturnType<Wire['readCancelParams']> }
  | { procedure: 'protocols.a2a.listTasks'; params: ReturnType<NonNullable<Wire['readListParams']>> }
  | { procedure: 'protocols.a2a.getExtendedCard' }
  | { procedure: 'protocols.a2a.sendStreamingMessage'; params: ReturnType<Wire['readSendParams']> }
  | { procedure: 'protocols.a2a.subscribeToTask'; params: ReturnType<Wire['readSubscribeParams']> }
  | { procedure: 'protocols.a2a.refuseUnknownMethod'; refusal: ReturnType<typeof errorMessage> };

/** A message's params with the push notification config it may carry for its task. */
function readSend(version: A2aVersion, params: Record<string, unknown>): ReturnType<Wire['readSendParams']> {
  const message = wires[version].readSendParams(params);
  if ('invalid' in message) return message;
  const push = pushWires[version].readMessageConfig(params);
  if ('invalid' in push) return push;
  return push.value ? { value: { ...message.value, pushConfig: { ...push.value, version } } } : message;
}

/** Reads one JSON-RPC request in the request's version: its method and params, into the neutral shapes. */
export function decodeCall(version: A2aVersion, request: A2aRequest): DecodedCall {
  const { method, params } = request;
  const kind = Object.hasOwn(methods[version], method) ? methods[version][method] : undefined;
  if (kind === 'send') return { procedure: 'protocols.a2a.sendMessage', params: readSend(version, params) };
  if (kind === 'get') return { procedure: 'protocols.a2a.getTask', params: wires[version].readGetParams(params) };
  const push = pushWires[version];
  if (kind === 'pushCreate')
    return { procedure: 'protocols.a2a.createPushConfig', params: push.readCreateParams(params) };
  if (kind === 'pushGet') return { procedure: 'protocols.a2a.getPushConfig', params: push.readGetParams(params) };
  if (kind === 'pushList') return { procedure: 'protocols.a2a.listPushConfigs', params: push.readListParams(params) };
  if (kind === 'pushDelete')
    return { procedure: 'protocols.a2a.deletePushConfig', params: push.readDeleteParams(params) };
  if (kind === 'cancel')
    return { procedure: 'protocols.a2a.cancelTask', params: wires[version].readCancelParams(params) };
  const readList = wires[version].readListParams;
  if (kind === 'list' && readList) return { procedure: 'protocols.a2a.listTasks', params: readList(params) };
  // Its params (1.0: an optional tenant, unused here) are ignored: there is one agent and one extended card.
  if (kind === 'extendedCard') return { procedure: 'protocols.a2a.getExtendedCard' };
  if (kind === 'stream') return { procedure: 'protocols.a2a.sendStreamingMessage', params: readSend(version, params) };
  if (kind === 'subscribe')
    return { procedure: 'protocols.a2a.subscribeToTask', params: wires[version].readSubscribeParams(params) };
  const message =
    otherVersionHint(version, method) ??
    `Method not found: ${JSON.stringify(method.slice(0, 100))}. A2A ${version} methods here: ${Object.keys(methods[version]).join(', ')}.`;
  return { procedure: 'protocols.a2a.refuseUnknownMethod', refusal: errorMessage('A2A_METHOD_NOT_FOUND', message) };
}
