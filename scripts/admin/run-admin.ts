import { parseArgs } from 'node:util';
import {
  UsageError,
  withPositional,
  type AdminCommand,
  type CommandIo,
  type CommandOutput,
  type FlagValues,
} from './command.ts';
import { adminCommands } from './commands.ts';

/** The streams and variables of one `npm run admin` run: the process's, or a caller's. */
export interface AdminIo extends CommandIo {
  /** The result, and only the result (text, or JSON with --json). */
  stdout: NodeJS.WritableStream;
}

/** 0 done, 1 the operation failed, 2 wrong usage. */
export type AdminExitStatus = 0 | 1 | 2;

const width = Math.max(...adminCommands.map((command) => command.name.length));
const rootUsage = `Usage: npm run admin -- <command> [flags]

Administers users, businesses, memberships and workspace API tokens on the configured database
(DATABASE_URL, or the embedded database in DATA_DIR; while the service runs on it, through the
service's own socket, so there is no need to stop it).

Commands:
${adminCommands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`).join('\n')}

Every command takes --json (print the result as JSON) and --help (its flags). With --json, run
\`npm run -s admin -- ...\` so that npm's own banner stays off stdout.
Exit status: 0 done, 1 the operation failed, 2 wrong usage.`;

function commandUsage(command: AdminCommand): string {
  const [line, ...rest] = command.help.split('\n');
  const synopsis = ['Usage: npm run admin --', command.name, line, '[--json]'].filter(Boolean).join(' ');
  return [synopsis, '', command.summary, ...rest].join('\n').trimEnd();
}

/** A command line understood: the command, its flags, and the call that runs it (nothing opened yet). */
type Parsed =
  | { kind: 'usage'; status: 0 | 2; stdout?: string; stderr?: string }
  | { kind: 'run'; values: FlagValues; run: Awaited<ReturnType<AdminCommand['prepare']>> };

function wrongUsage(message: string, usage: string): Parsed {
  return { kind: 'usage', status: 2, stderr: `error: ${message}\n\n${usage}\n` };
}

async function parse(argv: readonly string[], io: CommandIo): Promise<Parsed> {
  const [name, ...args] = argv;
  if (name === undefined) return wrongUsage('no command given.', rootUsage);
  if (name === '--help' || name === '-h' || name === 'help')
    return { kind: 'usage', status: 0, stdout: `${rootUsage}\n` };
  const command = adminCommands.find((candidate) => candidate.name === name);
  if (!command) return wrongUsage(`unknown command "${name}".`, rootUsage);
  let values: FlagValues;
  try {
    const parsed = parseArgs({
      args: [...args],
      options: { ...command.options, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: command.positional !== undefined,
    });
    values = withPositional(command, parsed.values, parsed.positionals);
  } catch (error) {
    return wrongUsage((error as Error).message, commandUsage(command));
  }
  if (values.help) return { kind: 'usage', status: 0, stdout: `${commandUsage(command)}\n` };
  try {
    return { kind: 'run', values, run: await command.prepare(values, io) };
  } catch (error) {
    if (error instanceof UsageError) return wrongUsage(error.message, commandUsage(command));
    throw error;
  }
}

/**
 * One `npm run admin -- <argv>`: parses the command line, opens the configured database (beside a
 * running service on the embedded one, through its socket), runs the command through the system
 * procedures and prints its result; answers the exit status. Usage, --help and wrong flags answer
 * before the service's modules load. scripts/admin.ts runs it on the process; tests run it in process.
 */
export async function runAdmin(argv: readonly string[], io: AdminIo): Promise<AdminExitStatus> {
  const parsed = await parse(argv, io);
  if (parsed.kind === 'usage') {
    if (parsed.stdout) io.stdout.write(parsed.stdout);
    if (parsed.stderr) io.stderr.write(parsed.stderr);
    return parsed.status;
  }
  const [{ ConfigError, loadConfig }, { createLogger }, { composeServices }, { withPaymentFacilitator }] =
    await Promise.all([
      import('../../core/config.ts'),
      import('../../core/logger.ts'),
      import('../compose/compose-services.ts'),
      import('../compose/payment-facilitator.ts'),
    ]);
  const [{ withGovernmentSync }, { openDatabase }, { failureLine }, { systemCaller }] = await Promise.all([
    import('../compose/government-sync.ts'),
    import('../../orm/database.ts'),
    import('./report-error.ts'),
    import('../lib/system-caller.ts'),
  ]);
  let config;
  try {
    config = loadConfig({ ...io.env });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    io.stderr.write(`${error.message}\n`);
    return 1;
  }
  // Logs on stderr, quiet unless something is wrong: stdout carries only the result.
  const log = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel, io.stderr);
  let output: CommandOutput;
  try {
    const database = await openDatabase(config.database, { log, besideService: true });
    try {
      output = await parsed.run(
        systemCaller({
          orm: database.orm,
          // reconcile-payments asks the facilitator (PAYMENT_FACILITATOR_URL) again; the SAM.gov sync asks SAM.gov.
          services: withGovernmentSync(withPaymentFacilitator(composeServices({ database, config }), config), config),
          config,
          log,
        }),
      );
    } finally {
      await database.close();
    }
  } catch (error) {
    io.stderr.write(`${failureLine(error)}\n`);
    return 1;
  }
  if (output.notice) io.stderr.write(`${output.notice}\n`);
  io.stdout.write(parsed.values.json ? `${JSON.stringify(output.json, null, 2)}\n` : `${output.text}\n`);
  return output.failed ? 1 : 0;
}
