/**
 * `npm run admin -- <command> [flags]`: users, businesses, memberships and workspace API tokens on
 * the configured database, through the system procedures (never SQL). Results go to stdout (text,
 * or JSON with --json), everything else to stderr. Exit status: 0 done, 1 failed, 2 wrong usage.
 */
import { processIo } from './admin/command.ts';
import { runAdmin } from './admin/run-admin.ts';

process.exitCode = await runAdmin(process.argv.slice(2), { ...processIo, stdout: process.stdout });
