import type { A2aAnswerWriter } from '../../core/services/a2a/answer-writer-port.ts';
import { exchangeErrorFromMessage, rpcErrorFromMessage, rpcResult } from './json-rpc.ts';
import { wires } from './methods.ts';

/**
 * The A2A service's answers in the wire of the request's version: a task as the method's JSON-RPC
 * result, an error inside the exchange as a JSON-RPC error, a refusal of the exchange as the dual
 * ErrorMessage + JSON-RPC body.
 */
export const wireAnswerWriter: A2aAnswerWriter = {
  write({ version, id }, outcome) {
    switch (outcome.kind) {
      case 'task': {
        const wire = wires[version];
        const { task, historyLength, headers } = outcome;
        const result =
          outcome.result === 'sent' ? wire.sendResult(task, historyLength) : wire.taskResult(task, historyLength);
        return rpcResult(id, result, headers);
      }
      case 'card':
        return rpcResult(id, outcome.card, outcome.headers);
      case 'error':
        return rpcErrorFromMessage(id, outcome.error, outcome.status, outcome.headers, outcome.jsonRpcCode);
      case 'refusal':
        return exchangeErrorFromMessage(id, outcome.error, outcome.headers);
    }
  },
};
