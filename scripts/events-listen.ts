/**
 * `npm run events:listen -- --forward-to http://localhost:4242/hook [--events a,b] [--base-url URL]
 * [--token TOKEN] [--from-start]`: forwards the business's events to a local URL, signed like webhooks
 * with a session secret printed at start (scripts/events/forward-events.ts). The token (a workspace
 * API token with events:read) comes from --token or FSA_TOKEN. It reads the feed, so it needs no public
 * URL, and it posts only where it is told, from the developer's machine.
 */
import { parseArgs } from 'node:util';
import { sessionSecret, startForwarder } from './events/forward-events.ts';

const usage = `usage: npm run events:listen -- --forward-to <url> [--events <type,type>] [--base-url <url>] [--token <token>] [--from-start]
  --forward-to   where each event is posted (e.g. http://localhost:4242/hook)
  --events       only these event types, comma-separated (default: every type)
  --base-url     the service's base URL (default: $FSA_BASE_URL or http://localhost:3000/api)
  --token        a workspace API token with the scope events:read (default: $FSA_TOKEN)
  --from-start   forward every event kept (30 days) first, instead of only those from now on`;

function fail(message: string): never {
  process.stderr.write(`${message}\n${usage}\n`);
  process.exit(2);
}

let values;
try {
  ({ values } = parseArgs({
    options: {
      'forward-to': { type: 'string' },
      events: { type: 'string' },
      'base-url': { type: 'string' },
      token: { type: 'string' },
      'from-start': { type: 'boolean' },
      help: { type: 'boolean' },
    },
    strict: true,
  }));
} catch (error) {
  fail((error as Error).message);
}
if (values.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}
const forwardTo = values['forward-to'] ?? fail('--forward-to is required');
if (!URL.canParse(forwardTo) || !/^https?:$/.test(new URL(forwardTo).protocol))
  fail(`--forward-to must be an http or https URL, not ${forwardTo}`);
const token = values.token ?? process.env.FSA_TOKEN ?? fail('a token is required: --token or FSA_TOKEN');
const baseUrl = values['base-url'] ?? process.env.FSA_BASE_URL ?? 'http://localhost:3000/api';
const events = values.events
  ?.split(',')
  .map((type) => type.trim())
  .filter((type) => type.length > 0);
const secret = sessionSecret();

process.stdout.write(
  `forwarding ${events?.length ? events.join(', ') : 'every event'} of ${baseUrl}/v1/events ` +
    `${values['from-start'] ? 'from the oldest kept' : 'from now on'} to ${forwardTo}\n` +
    `session secret (verify the signatures with it): ${secret}\n`,
);
const forwarder = startForwarder({
  baseUrl,
  token,
  forwardTo,
  events,
  fromStart: values['from-start'] ?? false,
  secret,
  print: (line) => process.stdout.write(`${line}\n`),
});
void forwarder.ready.then(() => process.stdout.write('ready: waiting for events (Ctrl-C to stop)\n'));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => forwarder.stop());
try {
  await forwarder.done;
} catch (error) {
  process.stderr.write(`events:listen stopped: ${(error as Error).message}\n`);
  process.exit(1);
}
