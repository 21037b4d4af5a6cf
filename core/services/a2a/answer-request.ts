import type { Context } from '../../context.ts';
import { internalErrorMessage } from '../../errors/error-message.ts';
import { classifyError, type ErrorMessage } from '../../errors/index.ts';
import type { A2aExchange, A2aHttpAnswer, A2aOutcome } from './a2a-exchange.ts';
import { answerOnce, type AnswerWriting, type ExecutedAnswer, type IdempotencyKeyUse } from './answer-once.ts';
import type { A2aPorts } from './a2a-ports.ts';
import type { A2aAnswerWriter } from './answer-writer-port.ts';
import type { MethodResult } from './send-message.ts';
import type { SkillRunner } from './skill-runner-port.ts';

export interface A2aRequest {
  exchange: A2aExchange;
  idempotency?: IdempotencyKeyUse;
  /** How a replay writes a stored task: the method's result, with the history length the request asked for. */
  replayedTask?: Pick<Extract<A2aOutcome, { kind: 'task' }>, 'result' | 'historyLength'>;
}

function portsOf(context: Context): A2aPorts {
  const ports = context.services.a2a;
  if (!ports) throw new Error('the A2A service is not composed here (CoreServices.a2a)');
  return ports;
}

/** Runs the method, logs the request's line, and writes its answer; a failure outside a skill's call is -32603. */
async function execute(
  context: Context,
  exchange: A2aExchange,
  writer: A2aAnswerWriter,
  run: () => Promise<MethodResult>,
): Promise<ExecutedAnswer> {
  const started = performance.now();
  try {
    const result = await run();
    context.log.info(
      {
        a2a_version: exchange.version,
        a2a_method: exchange.method.slice(0, 100),
        a2a_skill: result.skill,
        outcome: result.logged,
        duration_ms: Math.round((performance.now() - started) * 100) / 100,
      },
      'a2a request',
    );
    const { taskId, replayable } = result;
    return {
      ...writer.write(exchange, result.outcome),
      ...(taskId ? { taskId } : {}),
      ...(replayable === false ? { replayable } : {}),
    };
  } catch (error) {
    // Failures outside a skill's own call (the task store, the text router, a bug): masked, logged, 5xx.
    const classified = classifyError(error, context.requestId);
    const server = classified.body.status >= 500 && !classified.unexpected;
    const fields = { err: error, a2a_method: exchange.method.slice(0, 100) };
    // A known 5xx (the database away) is the service's state, not a bug: a warning, not an error.
    if (server) context.log.warn(fields, 'an A2A request failed on a service error');
    else context.log.error(fields, 'unexpected error in an A2A request');
    const body = server ? classified.body : internalErrorMessage(context.requestId);
    const headers = server ? classified.headers : {};
    return writer.write(exchange, { kind: 'error', error: body, status: body.status, headers, jsonRpcCode: -32603 });
  }
}

/**
 * One A2A request, admitted already by its procedure's base (the client's A2A budget, and the
 * storage bound for what stores): runs its method once per Idempotency-Key and answers it written
 * in the request's wire, the budget's RateLimit headers on top (also on a replay).
 */
export async function answerA2aRequest(
  context: Context,
  request: A2aRequest,
  run: (skills: SkillRunner) => Promise<MethodResult>,
): Promise<A2aHttpAnswer> {
  const { skills, answers } = portsOf(context);
  const { exchange, replayedTask } = request;
  // Taken out of the shared context: the skill's procedure writes its own there.
  const admitted = context.response.headers;
  context.response.headers = {};
  const writing: AnswerWriting = {
    write: (outcome) => answers.write(exchange, outcome),
    task: (task) => {
      if (!replayedTask) throw new Error(`no task reply for the A2A method ${exchange.method.slice(0, 100)}`);
      return answers.write(exchange, { kind: 'task', task, ...replayedTask, headers: {} });
    },
  };
  const answer = await answerOnce(context, request.idempotency, writing, () =>
    execute(context, exchange, answers, () => run(skills)),
  );
  return { ...answer, headers: { ...answer.headers, ...admitted } };
}

/**
 * A method's params as the adapter decoded them: the wire's refusal is answered as the JSON-RPC error
 * it names (-32602, logged `invalid_params`) without running anything; valid params run the method.
 */
export function withDecodedParams<T extends object>(
  params: T | { invalid: ErrorMessage },
  run: (params: T) => Promise<MethodResult>,
): Promise<MethodResult> {
  if ('invalid' in params)
    return Promise.resolve({
      outcome: { kind: 'error', error: params.invalid, status: 200, headers: {} },
      skill: null,
      logged: 'invalid_params',
    });
  return run(params);
}
