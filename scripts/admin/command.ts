import type { ParseArgsConfig } from 'node:util';
import type { SystemCaller } from '../lib/system-caller.ts';

type FlagOptions = NonNullable<ParseArgsConfig['options']>;
export type FlagValues = Record<string, string | boolean | Array<string | boolean> | undefined>;

/** What a command prints: `json` with --json, `text` otherwise; `notice` goes to stderr either way. */
export interface CommandOutput {
  json: unknown;
  text: string;
  notice?: string;
  /** The command did part of its work and reports what failed in its output: exit status 1 after printing it. */
  failed?: boolean;
}

/**
 * What a command reads and writes besides its output: the process's own (processIo), or, for a
 * command run in process (tests, other scripts), streams of the caller's.
 */
export interface CommandIo {
  /** The variables the command reads (ADMIN_PASSWORD, the configuration). */
  env: Readonly<Record<string, string | undefined>>;
  /** --password-stdin reads it. */
  stdin: AsyncIterable<Buffer | string>;
  /** Warnings and progress bars (drawn only when it is a terminal). */
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
}

/** The process's own environment and standard streams. */
export const processIo: CommandIo = {
  env: process.env,
  // Read only when asked for: a command that never reads its input leaves a terminal's alone.
  get stdin() {
    return process.stdin;
  },
  stderr: process.stderr,
};

/** The progress bars' stream: standard error when it is a terminal and the output is not JSON. */
export function progressStream(io: CommandIo, values: FlagValues): NodeJS.WritableStream | undefined {
  return io.stderr.isTTY === true && values.json !== true ? io.stderr : undefined;
}

/**
 * One `npm run admin -- <name>` command. `prepare` turns the flags into procedure input before the
 * database is opened (so a usage error costs nothing and changes nothing) and answers the call.
 */
export interface AdminCommand {
  name: string;
  summary: string;
  /** The flags part of the usage line and their descriptions. */
  help: string;
  options: FlagOptions;
  /** The name of the command's one positional argument (`trigger <event-type>`): prepare reads it as that flag. */
  positional?: string;
  prepare(values: FlagValues, io: CommandIo): Promise<(caller: SystemCaller) => Promise<CommandOutput>>;
}

/** Wrong usage (unknown command or flag, missing or malformed value): exit status 2 with the usage. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export function optionalFlag(values: FlagValues, flag: string): string | undefined {
  const value = values[flag];
  return typeof value === 'string' ? value : undefined;
}

export function requiredFlag(values: FlagValues, flag: string): string {
  const value = optionalFlag(values, flag);
  if (value === undefined) throw new UsageError(`--${flag} is required.`);
  return value;
}

/** A repeatable flag's values as given. */
export function repeatedFlag(values: FlagValues, flag: string): string[] | undefined {
  const raw = values[flag];
  return raw === undefined ? undefined : (Array.isArray(raw) ? raw : [raw]).map(String);
}

/** A repeatable flag, each value also split on commas: `--scope a --scope b,c` -> [a, b, c]. */
export function listFlag(values: FlagValues, flag: string): string[] | undefined {
  return repeatedFlag(values, flag)
    ?.flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => value.length > 0);
}

/** The flags with the command's one positional argument under its name; more than one is wrong usage. */
export function withPositional(command: AdminCommand, values: FlagValues, positionals: string[]): FlagValues {
  if (command.positional === undefined || positionals.length === 0) return values;
  if (positionals.length > 1)
    throw new UsageError(`only one ${command.positional} is taken, got ${positionals.length}.`);
  return { ...values, [command.positional]: positionals[0] };
}
