/**
 * `npm run dev:facilitator`: a local x402 facilitator for trying the paid reference without a chain
 * (scripts/dev/local-facilitator.ts: real signature checks, made-up transaction hashes, no money
 * moves). Listens on 127.0.0.1:$FACILITATOR_PORT (default 4021) for $PAYMENT_NETWORK (default
 * eip155:84532); start the service with PAYMENT_FACILITATOR_URL set to the URL it prints.
 */
import { startLocalFacilitator } from './dev/local-facilitator.ts';
import { startupFailureSentence } from './lib/startup-failure.ts';

const network = process.env.PAYMENT_NETWORK ?? 'eip155:84532';
const port = Number(process.env.FACILITATOR_PORT ?? 4021);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(`FACILITATOR_PORT must be a port number (0 to 65535), not ${process.env.FACILITATOR_PORT}\n`);
  process.exit(1);
}
const facilitator = await startLocalFacilitator(network, port).catch((error: unknown) => {
  const target = { host: '127.0.0.1', port, portVariable: 'FACILITATOR_PORT', command: 'npm run dev:facilitator' };
  process.stderr.write(`${startupFailureSentence(error, target)}\n`);
  process.exit(1);
});
process.stdout.write(
  `local x402 facilitator (development only: no chain, no money moves) for ${network} on ${facilitator.url}\n` +
    `start the service with PAYMENT_FACILITATOR_URL=${facilitator.url} and PAYMENT_PAY_TO=<a wallet address>\n`,
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void facilitator.close());
