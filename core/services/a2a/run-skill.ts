import { randomUUID } from 'node:crypto';
import type { Context } from '../../context.ts';
import { classifyError, type ErrorMessage } from '../../errors/index.ts';
import type { AgentArtifact, AgentMessage } from '../agent-tasks/agent-task.schema.ts';
import type { SkillRunner } from './skill-runner-port.ts';

/** Response headers a skill's procedure may set that the A2A answer passes on (never its Cache-Control). */
const PASSED_HEADERS = new Set(['ratelimit', 'ratelimit-policy', 'retry-after']);

function passedHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => PASSED_HEADERS.has(name.toLowerCase())));
}

/** The agent's message of a task that ends without an answer: the text for a person, the data for a program. */
export function agentMessage(text: string, data?: Record<string, unknown>): AgentMessage {
  return {
    messageId: randomUUID(),
    role: 'agent',
    parts: [{ kind: 'text', text }, ...(data ? [{ kind: 'data' as const, data }] : [])],
  };
}

/** How a skill call ended. */
export type SkillOutcome =
  | { kind: 'completed'; artifacts: AgentArtifact[]; headers: Record<string, string> }
  /** A domain error (4xx): the task fails with the ErrorMessage in its status message. */
  | { kind: 'failed'; error: ErrorMessage; status: AgentMessage; headers: Record<string, string> }
  /** The arguments do not fit the skill's input schema (named in the ErrorMessage). */
  | { kind: 'invalid_arguments'; error: ErrorMessage }
  /** The server failed (5xx): the masked ErrorMessage, answered as -32603. */
  | { kind: 'server_error'; error: ErrorMessage; headers: Record<string, string> };

/**
 * Runs one skill through the runner port and answers one artifact holding the procedure's output
 * as a data part (exactly REST's JSON) and the skill's summary as a text part. Errors are classified
 * by the one catalogue.
 */
export async function runSkill(
  runner: SkillRunner,
  id: string,
  args: Record<string, unknown>,
  context: Context,
): Promise<SkillOutcome> {
  try {
    const ran = await runner.run(id, args, context);
    if ('invalid' in ran) return { kind: 'invalid_arguments', error: ran.invalid };
    const artifact: AgentArtifact = {
      artifactId: randomUUID(),
      name: id,
      parts: [
        { kind: 'data', data: ran.output as Record<string, unknown> },
        { kind: 'text', text: ran.summary },
      ],
    };
    return { kind: 'completed', artifacts: [artifact], headers: passedHeaders(context.response.headers) };
  } catch (error) {
    const classified = classifyError(error, context.requestId);
    const headers = passedHeaders(classified.headers);
    if (classified.body.status >= 500) {
      if (classified.unexpected) context.log.error({ err: error, a2a_skill: id }, 'unexpected error in an A2A skill');
      return { kind: 'server_error', error: classified.body, headers };
    }
    const { code, message, resolution } = classified.body;
    return {
      kind: 'failed',
      error: classified.body,
      status: agentMessage(`${code}: ${message} ${resolution}`, classified.body),
      headers,
    };
  }
}
