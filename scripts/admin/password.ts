import { UsageError, optionalFlag, type CommandIo, type FlagValues } from './command.ts';

async function readStdin(stdin: CommandIo['stdin']): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(Buffer.from(chunk));
  // One trailing line break is how `echo` and files end the line, not part of the password.
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/**
 * A password given to the command: --password-stdin reads it from standard input, --password takes
 * it from the command line (visible to other users in the process list, hence the warning), and
 * otherwise the ADMIN_PASSWORD environment variable; undefined when none is given. Never printed.
 */
export async function givenPassword(values: FlagValues, io: CommandIo): Promise<string | undefined> {
  const flag = optionalFlag(values, 'password');
  if (values['password-stdin'] && flag !== undefined)
    throw new UsageError('Give the password either with --password or with --password-stdin, not both.');
  if (values['password-stdin']) return readStdin(io.stdin);
  if (flag !== undefined) {
    io.stderr.write('warning: --password is visible in the process list; prefer --password-stdin or ADMIN_PASSWORD.\n');
    return flag;
  }
  return io.env.ADMIN_PASSWORD || undefined;
}

/** The password of create-user (see givenPassword): one is required. */
export async function readPassword(values: FlagValues, io: CommandIo): Promise<string> {
  const password = await givenPassword(values, io);
  if (password !== undefined) return password;
  throw new UsageError(
    'A password is required: pipe it with --password-stdin, set ADMIN_PASSWORD, or give --password.',
  );
}
