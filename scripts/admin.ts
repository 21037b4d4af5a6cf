/**
 * `npm run admin -- <command> [flags]`: users, businesses, memberships and workspace API tokens on
 * the configured database, through the system procedures (never SQL). Results go to stdout (text,
 * or JSON with --json), everything else to stderr. Exit status: 0 done, 1 failed, 2 wrong usage.
 */
import { parseArgs } from 'node:util';
import { UsageError, withPositional, type AdminCommand, type CommandOutput, type FlagValues } from './admin/command.ts';
import { adminCommands } from './admin/commands.ts';

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

function usageError(message: string, usage: string): never {
  process.stderr.write(`error: ${message}\n\n${usage}\n`);
  process.exit(2);
}

const [name, ...args] = process.argv.slice(2);
if (name === undefined) usageError('no command given.', rootUsage);
if (name === '--help' || name === '-h' || name === 'help') {
  process.stdout.write(`${rootUsage}\n`);
  process.exit(0);
}
const command = adminCommands.find((candidate) => candidate.name === name);
if (!command) usageError(`unknown command "${name}".`, rootUsage);

let values: FlagValues;
try {
  const parsed = parseArgs({
    args,
    options: { ...command.options, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
    allowPositionals: command.positional !== undefined,
  });
  values = withPositional(command, parsed.values, parsed.positionals);
} catch (error) {
  usageError((error as Error).message, commandUsage(command));
}
if (values.help) {
  process.stdout.write(`${commandUsage(command)}\n`);
  process.exit(0);
}

let run: Awaited<ReturnType<AdminCommand['prepare']>>;
try {
  run = await command.prepare(values);
} catch (error) {
  if (error instanceof UsageError) usageError(error.message, commandUsage(command));
  throw error;
}

// The service's modules load only now: usage, --help and wrong flags answer without them.
const [{ ConfigError, loadConfig }, { createLogger }, { composeServices }, { withPaymentFacilitator }] =
  await Promise.all([
    import('../core/config.ts'),
    import('../core/logger.ts'),
    import('./compose/compose-services.ts'),
    import('./compose/payment-facilitator.ts'),
  ]);
const [{ withGovernmentSync }, { openDatabase }, { failureLine }, { systemCaller }] = await Promise.all([
  import('./compose/government-sync.ts'),
  import('../orm/database.ts'),
  import('./admin/report-error.ts'),
  import('./lib/system-caller.ts'),
]);
let config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
// Logs on stderr, quiet unless something is wrong: stdout carries only the result.
const log = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel, process.stderr);
let output: CommandOutput | undefined;
try {
  // Beside a running service on the embedded database, through its socket: the same procedures
  // on the same database, without stopping it.
  const database = await openDatabase(config.database, { log, besideService: true });
  try {
    output = await run(
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
  process.stderr.write(`${failureLine(error)}\n`);
  process.exitCode = 1;
}
if (output) {
  if (output.failed) process.exitCode = 1;
  if (output.notice) process.stderr.write(`${output.notice}\n`);
  process.stdout.write(values.json ? `${JSON.stringify(output.json, null, 2)}\n` : `${output.text}\n`);
}
