import type { A2aAnswerWriter } from '../../core/services/a2a/answer-writer-port.ts';
import { INTERNAL_ERROR, jsonRpcCodeOf } from '../json-rpc/message.ts';
import { exchangeErrorFromMessage, rpcErrorFromMessage, rpcResult } from './json-rpc.ts';
import { pushWires, wires } from './methods.ts';

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
      case 'pushConfig':
        return rpcResult(id, pushWires[version].configResult(outcome.config), outcome.headers);
      case 'pushConfigs':
        return rpcResult(id, pushWires[version].configsResult(outcome.configs), outcome.headers);
      case 'pushConfigDeleted':
        return rpcResult(id, pushWires[version].deletedResult(), outcome.headers);
      case 'task-list': {
        const write = wires[version].listResult;
        if (!write) throw new Error(`A2A ${version} has no list method`);
        return rpcResult(id, write(outcome.page), outcome.headers);
      }
      case 'error': {
        const code = outcome.jsonRpcCode ?? jsonRpcCodeOf(outcome.error.code, INTERNAL_ERROR);
        const data = wires[version].errorData(outcome.error, code);
        return rpcErrorFromMessage(id, outcome.error, outcome.status, outcome.headers, code, data);
      }
      case 'card':
        return rpcResult(id, outcome.card, outcome.headers);
      case 'refusal':
        return exchangeErrorFromMessage(id, outcome.error, outcome.headers);
    }
  },
  pushBody: (version, task) => pushWires[version].pushBody(task),
};
