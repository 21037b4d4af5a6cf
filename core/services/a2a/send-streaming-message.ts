import type { Context } from '../../context.ts';
import { errorMessage } from '../../errors/index.ts';
import type { AgentTask } from '../agent-tasks/agent-task.schema.ts';
import { isInterrupted, snapshotEvent } from '../agent-tasks/task-events.ts';
import { continueTask, type StoredTask } from '../agent-tasks/task-store.ts';
import type { A2aExchange } from './a2a-exchange.ts';
import { a2aCallerOf } from './caller.ts';
import { chooseSkill } from './choose-skill.ts';
import { followTaskEvents, type StreamedEvent } from './follow-task-events.ts';
import { agentMessage, runSkill, type SkillOutcome } from './run-skill.ts';
import { continued, storeTask, storeTurn, waiting, type IncomingMessage } from './send-message.ts';
import type { SkillRunner } from './skill-runner-port.ts';
import { checkMessagePushConfig, keepMessagePushConfig } from './push/message-push-config.ts';
import { queuePushNotifications } from './push/queue-push-notifications.ts';
import { answered, takeStreamSlot, type StreamOpening } from './stream-opening.ts';

/**
 * How a streamed skill's task ends. Unlike SendMessage, whose errors before a task exists are
 * JSON-RPC errors, a streamed task already exists (`working`) when its skill answers, so every
 * outcome ends it: arguments the skill refused and server failures end it `failed` with the
 * ErrorMessage in its status message, as a domain error does.
 */
function endOf(
  outcome: SkillOutcome,
): Pick<AgentTask, 'state' | 'artifacts'> & { status?: AgentTask['history'][number] } {
  switch (outcome.kind) {
    case 'completed':
      return { state: 'completed', artifacts: outcome.artifacts };
    case 'failed':
      return { state: 'failed', artifacts: [], status: outcome.status };
    case 'invalid_arguments':
    case 'server_error': {
      const { code, message, resolution } = outcome.error;
      return {
        state: 'failed',
        artifacts: [],
        status: agentMessage(`${code}: ${message} ${resolution}`, outcome.error),
      };
    }
  }
}

/** The task `working` on its skill, stored with its event (a new task's snapshot, a continuation's status). */
function startWorking(
  previous: AgentTask | undefined,
  incoming: IncomingMessage,
  skill: string,
  context: Context,
): Promise<StoredTask | null> {
  const history = [...(previous?.history ?? []), incoming.message];
  return storeTurn(previous, incoming, { state: 'working', skill, history, artifacts: [] }, context);
}

/**
 * The stream of a streamed message: the task `working` (the snapshot), then the skill runs, then
 * its end is stored (the artifact and the final status, as events), then the events are sent as
 * the table holds them, so a CancelTask that won meanwhile is what the client sees.
 */
async function* working(
  context: Context,
  skills: SkillRunner,
  task: StoredTask,
  call: { skill: string; args: Record<string, unknown> },
  signal: AbortSignal | undefined,
  release: () => void,
): AsyncGenerator<StreamedEvent, void, undefined> {
  try {
    yield { seq: task.eventSeq, event: snapshotEvent(task), final: false };
    const end = endOf(await runSkill(skills, call.skill, call.args, context));
    const history = [...task.history, ...(end.status ? [end.status] : [])];
    const ended = await continueTask(
      context.sql,
      {
        state: end.state,
        skill: call.skill,
        history,
        artifacts: end.artifacts,
        id: task.id,
        seenHistoryLength: task.history.length,
        from: 'working',
      },
      context.clock.now(),
      task.contextId,
    );
    if (ended) {
      context.services.a2aStreams.hub.announce(task.id);
      await queuePushNotifications(context, ended);
    }
    yield* followTaskEvents(context, context.services.a2aStreams, {
      task,
      afterSeq: task.eventSeq,
      closesAt: isInterrupted,
      signal,
      release,
    });
  } finally {
    release();
  }
}

const isStored = (task: AgentTask): task is StoredTask => typeof (task as Partial<StoredTask>).eventSeq === 'number';

/** A message answered without a skill (what is needed): its snapshot alone, and the stream closes. */
async function* snapshotOnly(task: StoredTask, release: () => void): AsyncGenerator<StreamedEvent, void, undefined> {
  try {
    yield { seq: task.eventSeq, event: snapshotEvent(task), final: true };
  } finally {
    release();
  }
}

/**
 * message/stream (0.3) and SendStreamingMessage (1.0): what SendMessage does, streamed. A message
 * for a skill stores its task `working` first (the stream's first event, before the skill runs),
 * then the skill's artifact and the final status (completed, failed) follow; a message the agent
 * cannot act on yet streams the task `input-required` and closes. Refusals before any task exists
 * (-32001, -32004, -32602) and the bound on open streams are answered as plain JSON-RPC errors.
 * The task's push notification configs (one the message carries included) hear of every status
 * change, as they do for SendMessage.
 */
export async function sendStreamingMessage(
  incoming: IncomingMessage,
  context: Context,
  skills: SkillRunner,
  exchange: A2aExchange,
  signal: AbortSignal | undefined,
): Promise<StreamOpening> {
  // Refused before anything is stored: a config needs a grant and an acceptable URL (as SendMessage).
  const push = incoming.pushConfig && checkMessagePushConfig(context, incoming.pushConfig);
  if (push && 'refused' in push) return answered(context, exchange, push.refused.outcome);
  let previous: AgentTask | undefined;
  if (incoming.taskId !== undefined) {
    const found = await continued({ ...incoming, taskId: incoming.taskId }, context);
    if (!('previous' in found)) return answered(context, exchange, found.outcome);
    previous = found.previous;
  }
  const choice = await chooseSkill(incoming.message, previous, context, skills);
  if (choice.kind === 'invalid')
    return answered(context, exchange, { kind: 'error', error: choice.error, status: 200, headers: {} });
  const release = takeStreamSlot(context, a2aCallerOf(context));
  try {
    const stored =
      choice.kind === 'needs'
        ? await storeTask(previous, incoming, waiting(choice.text), context)
        : await startWorking(previous, incoming, choice.skill, context);
    if (!stored || !isStored(stored)) {
      release();
      const message = `Task ${previous?.id ?? ''} was answered by another message at the same time (or has just expired); read it with GetTask (tasks/get).`;
      return answered(context, exchange, {
        kind: 'error',
        error: errorMessage('A2A_UNSUPPORTED_OPERATION', message),
        status: 200,
        headers: {},
      });
    }
    if (push && incoming.pushConfig) {
      const refused = await keepMessagePushConfig(context, push.grant, stored, incoming.pushConfig);
      if (refused) {
        release();
        return answered(context, exchange, refused.outcome);
      }
    }
    await queuePushNotifications(context, stored, previous || push ? {} : { knownToHaveConfigs: false });
    const events =
      choice.kind === 'needs'
        ? snapshotOnly(stored, release)
        : working(context, skills, stored, { skill: choice.skill, args: choice.args }, signal, release);
    return { stream: { events, historyLength: incoming.historyLength } };
  } catch (error) {
    release();
    throw error;
  }
}
