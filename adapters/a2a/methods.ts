import { errorMessage } from '../../core/errors/index.ts';
import type { A2aRequest } from './envelope.ts';
import type { A2aVersion } from './transport-checks.ts';
import { wire03 } from './wire-0.3.ts';
import { wire10 } from './wire-1.0.ts';
import type { Wire } from './wire.ts';

export const wires: Record<A2aVersion, Wire> = { '0.3': wire03, '1.0': wire10 };

type MethodKind = 'send' | 'get' | 'stream' | 'subscribe';

/** The methods each version serves, by their wire names; everything else is -32601. */
const methods: Record<A2aVersion, Record<string, MethodKind>> = {
  '0.3': {
    [wire03.methods.send]: 'send',
    [wire03.methods.get]: 'get',
    [wire03.methods.stream]: 'stream',
    [wire03.methods.subscribe]: 'subscribe',
  },
  '1.0': {
    [wire10.methods.send]: 'send',
    [wire10.methods.get]: 'get',
    [wire10.methods.stream]: 'stream',
    [wire10.methods.subscribe]: 'subscribe',
  },
};

/** A method of the other version: the client forgot (or added) the A2A-Version header. */
function otherVersionHint(version: A2aVersion, method: string): string | undefined {
  if (version === '0.3' && Object.hasOwn(methods['1.0'], method))
    return `${method} is an A2A 1.0 method: send the header A2A-Version: 1.0 with it (without the header a request is read as 0.3, whose methods are message/send and tasks/get).`;
  if (version === '1.0' && Object.hasOwn(methods['0.3'], method))
    return `${method} is an A2A 0.3 method: send it without A2A-Version (or with A2A-Version: 0.3); with A2A-Version: 1.0 the methods are SendMessage and GetTask.`;
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
  | { procedure: 'protocols.a2a.sendStreamingMessage'; params: ReturnType<Wire['readSendParams']> }
  | { procedure: 'protocols.a2a.subscribeToTask'; params: ReturnType<Wire['readSubscribeParams']> }
  | { procedure: 'protocols.a2a.refuseUnknownMethod'; refusal: ReturnType<typeof errorMessage> };

/** Reads one JSON-RPC request in the request's version: its method and params, into the neutral shapes. */
export function decodeCall(version: A2aVersion, request: A2aRequest): DecodedCall {
  const { method, params } = request;
  const kind = Object.hasOwn(methods[version], method) ? methods[version][method] : undefined;
  if (kind === 'send') return { procedure: 'protocols.a2a.sendMessage', params: wires[version].readSendParams(params) };
  if (kind === 'get') return { procedure: 'protocols.a2a.getTask', params: wires[version].readGetParams(params) };
  if (kind === 'stream')
    return { procedure: 'protocols.a2a.sendStreamingMessage', params: wires[version].readSendParams(params) };
  if (kind === 'subscribe')
    return { procedure: 'protocols.a2a.subscribeToTask', params: wires[version].readSubscribeParams(params) };
  const message =
    otherVersionHint(version, method) ??
    `Method not found: ${JSON.stringify(method.slice(0, 100))}. A2A ${version} methods here: ${Object.keys(methods[version]).join(', ')}.`;
  return { procedure: 'protocols.a2a.refuseUnknownMethod', refusal: errorMessage('A2A_METHOD_NOT_FOUND', message) };
}
