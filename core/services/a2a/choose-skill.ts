import type { Context } from '../../context.ts';
import { errorMessage, type ErrorMessage } from '../../errors/index.ts';
import type { AgentMessage, AgentTask } from '../agent-tasks/agent-task.schema.ts';
import { routeText } from '../agent/text-router/route-text.ts';
import { routerVocabulary } from '../agent/vocabulary.ts';
import type { SkillRunner } from './skill-runner-port.ts';

/** The longest text the router reads: a task's user texts together (a message is a request, not a document). */
const MAX_ROUTED_TEXT_CHARACTERS = 2000;

export type Choice =
  | { kind: 'skill'; skill: string; args: Record<string, unknown>; fromText: boolean }
  | { kind: 'needs'; text: string }
  | { kind: 'invalid'; error: ErrorMessage };

function invalidParams(parameter: string, message: string): Choice {
  return {
    kind: 'invalid',
    error: errorMessage('A2A_INVALID_PARAMS', `Invalid parameter "${parameter}": ${message}`, [{ parameter, message }]),
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const textOf = (message: AgentMessage) =>
  message.parts.flatMap((part) => (part.kind === 'text' ? [part.text] : [])).join('\n');

/** The skill a data part {skill, arguments} names outright, or why it names none. */
function namedSkill(message: AgentMessage, index: number, skills: SkillRunner): Choice {
  const known = skills.skillIds.join(', ');
  const data = (message.parts[index] as { data: Record<string, unknown> }).data;
  if (typeof data.skill !== 'string')
    return invalidParams(`message.parts.${index}.data.skill`, `expected the id of a skill: one of ${known}`);
  if (!skills.has(data.skill))
    return invalidParams(
      `message.parts.${index}.data.skill`,
      `unknown skill ${JSON.stringify(data.skill.slice(0, 100))}; the skills are ${known}`,
    );
  if (data.arguments !== undefined && !isObject(data.arguments))
    return invalidParams(`message.parts.${index}.data.arguments`, 'expected an object of the skill’s arguments');
  return {
    kind: 'skill',
    skill: data.skill,
    args: (data.arguments as Record<string, unknown> | undefined) ?? {},
    fromText: false,
  };
}

/**
 * What a message asks for. A data part {skill, arguments} names it outright (and wins over any
 * text). Otherwise its text, after the user texts of the task it continues, goes to the text
 * router (in process, over this process's vocabulary cache), which names a skill and its
 * arguments or says what it needs.
 */
export async function chooseSkill(
  message: AgentMessage,
  previous: AgentTask | undefined,
  context: Context,
  skills: SkillRunner,
): Promise<Choice> {
  const dataIndexes = message.parts.flatMap((part, index) => (part.kind === 'data' ? [index] : []));
  if (dataIndexes.length > 1)
    return invalidParams(`message.parts.${dataIndexes[1]}`, 'send one data part {skill, arguments} per message');
  if (dataIndexes.length === 1) return namedSkill(message, dataIndexes[0]!, skills);
  const text = textOf(message).trim();
  if (text === '')
    return invalidParams(
      'message.parts',
      'no usable part: send a data part {"skill": "<id>", "arguments": {...}} or a text part with your request',
    );
  const earlier = previous ? previous.history.filter((entry) => entry.role === 'user').map(textOf) : [];
  const conversation = [...earlier, text].filter((entry) => entry !== '').join('\n');
  if (conversation.length > MAX_ROUTED_TEXT_CHARACTERS)
    return invalidParams(
      'message.parts',
      `the text of this task's messages together exceeds ${MAX_ROUTED_TEXT_CHARACTERS} characters; start a new task (no taskId) with a shorter request`,
    );
  // The router's input schema refused NUL (an internal error to the client): the same text answers the same.
  if (conversation.includes('\u0000')) throw new Error('the text router reads no NUL character');
  const route = routeText(
    conversation,
    await routerVocabulary(context.services.caches.routerVocabulary, context.sql, context.clock.now()),
  );
  if ('needs' in route) return { kind: 'needs', text: route.needs };
  if (!skills.has(route.skill)) throw new Error(`the text router named an unknown skill ${route.skill}`);
  return { kind: 'skill', skill: route.skill, args: route.arguments as Record<string, unknown>, fromText: true };
}
