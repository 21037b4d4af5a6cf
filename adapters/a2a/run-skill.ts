import { randomUUID } from 'node:crypto';
import type { Context } from '../../core/context.ts';
import { classifyError, validationErrorMessage, type ErrorMessage } from '../../core/errors/index.ts';
import type { ProcedureInvoker } from '../../core/procedures/invoker.ts';
import type { AgentArtifact, AgentMessage } from '../../core/services/agent-tasks/agent-task.schema.ts';
import type { Skill } from './skills.ts';

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
 * Runs one skill: validates the arguments against its procedure's strict input schema, calls the
 * procedure through the invoker with the request's context (so its rate limit and validation are
 * REST's), and answers one artifact holding the procedure's output as a data part (exactly REST's
 * JSON) and the skill's summary as a text part. Errors are classified by the one catalogue.
 */
export async function runSkill(
  skill: Skill,
  args: Record<string, unknown>,
  context: Context,
  invoker: ProcedureInvoker,
): Promise<SkillOutcome> {
  const parsed = skill.input.safeParse(args);
  if (!parsed.success) return { kind: 'invalid_arguments', error: validationErrorMessage(parsed.error.issues) };
  try {
    // The procedure parses the arguments again with its own schema: defaults and trimming come from there, once.
    const output = await invoker.callPath(skill.path, skill.takesNoInput ? undefined : args, context);
    const summary = skill.meta.summarize(output, parsed.data);
    const artifact: AgentArtifact = {
      artifactId: randomUUID(),
      name: skill.meta.id,
      parts: [
        { kind: 'data', data: output as Record<string, unknown> },
        { kind: 'text', text: summary },
      ],
    };
    return { kind: 'completed', artifacts: [artifact], headers: passedHeaders(context.response.headers) };
  } catch (error) {
    const classified = classifyError(error, context.requestId);
    const headers = passedHeaders(classified.headers);
    if (classified.body.status >= 500) {
      if (classified.unexpected)
        context.log.error({ err: error, a2a_skill: skill.meta.id }, 'unexpected error in an A2A skill');
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
