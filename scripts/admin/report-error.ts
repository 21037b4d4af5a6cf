import { TRPCError } from '@trpc/server';
import { classifyError } from '../../core/errors/index.ts';

const oneLine = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join(' ');
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * The line a failed command prints: the ErrorMessage's message, what to do about it, and the code.
 * Unexpected failures (the database is unreachable, ...) show their own message: an operator
 * runs this, so nothing needs masking.
 */
export function failureLine(error: unknown): string {
  const classified = classifyError(error, undefined);
  if (!classified.unexpected) {
    const { message, resolution, code } = classified.body;
    return `error: ${sentence(oneLine(message))} ${resolution} [${code}]`;
  }
  const original = error instanceof TRPCError && error.cause ? error.cause : error;
  return `error: ${oneLine(original instanceof Error ? original.message : String(original))}`;
}
