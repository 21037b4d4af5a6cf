/**
 * `npm run dev:platform-profile`: a UCP platform profile for trying the checkout locally
 * (scripts/dev/local-platform-profile.ts: UCP 2026-08-25, the checkout capability). Listens on
 * 127.0.0.1:$PLATFORM_PROFILE_PORT (default 4022); start the service with
 * UCP_PROFILE_ALLOW_HTTP_LOOPBACK=true and send the UCP-Agent header it prints.
 */
import { startLocalPlatformProfile } from './dev/local-platform-profile.ts';
import { startupFailureSentence } from './lib/startup-failure.ts';

const port = Number(process.env.PLATFORM_PROFILE_PORT ?? 4022);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(
    `PLATFORM_PROFILE_PORT must be a port number (0 to 65535), not ${process.env.PLATFORM_PROFILE_PORT}\n`,
  );
  process.exit(1);
}
const profile = await startLocalPlatformProfile(port).catch((error: unknown) => {
  const target = {
    host: '127.0.0.1',
    port,
    portVariable: 'PLATFORM_PROFILE_PORT',
    command: 'npm run dev:platform-profile',
  };
  process.stderr.write(`${startupFailureSentence(error, target)}\n`);
  process.exit(1);
});
process.stdout.write(
  `local UCP platform profile (development only) on ${profile.url}\n` +
    `start the service with UCP_PROFILE_ALLOW_HTTP_LOOPBACK=true and send: UCP-Agent: ${profile.header['UCP-Agent']}\n`,
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void profile.close());
