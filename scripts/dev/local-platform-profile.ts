import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** The UCP version the business profile speaks (core/services/ucp/profile.ts): a profile naming another is refused. */
const UCP_VERSION = '2026-08-25';

/** The one path served: UCP asks platforms to publish their profile at /.well-known/ucp. */
const PROFILE_PATH = '/.well-known/ucp';

/**
 * A UCP platform profile valid against UCP's platform_schema (profile.json): `ucp.version`, the
 * `services` and `payment_handlers` registries present (empty: this platform serves no endpoint of
 * its own and pays through the business's handler) and the one capability a checkout negotiates,
 * `dev.ucp.shopping.checkout`.
 */
export function localPlatformProfileDocument(): unknown {
  return {
    ucp: {
      version: UCP_VERSION,
      services: {},
      capabilities: {
        'dev.ucp.shopping.checkout': [
          {
            version: UCP_VERSION,
            spec: `https://ucp.dev/${UCP_VERSION}/specification/shopping/checkout`,
            schema: `https://ucp.dev/${UCP_VERSION}/schemas/shopping/checkout.json`,
          },
        ],
      },
      payment_handlers: {},
    },
  };
}

export interface LocalPlatformProfile {
  /** http://127.0.0.1:<port>/.well-known/ucp: the URL a UCP-Agent header names. */
  url: string;
  /** The header every checkout request sends: `UCP-Agent: profile="<url>"`. */
  header: { 'UCP-Agent': string };
  close(): Promise<void>;
}

/**
 * Serves localPlatformProfileDocument() on 127.0.0.1:`port` (0: any free port) at /.well-known/ucp,
 * cacheable for 5 minutes; any other path is 404. Development and tests only: a service fetches
 * it only with UCP_PROFILE_ALLOW_HTTP_LOOPBACK on, since UCP requires an https profile on a
 * public address.
 */
export async function startLocalPlatformProfile(port = 0): Promise<LocalPlatformProfile> {
  const body = JSON.stringify(localPlatformProfileDocument());
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '/').split('?', 1)[0];
    if (path !== PROFILE_PATH || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      'cache-control': 'public, max-age=300',
    });
    response.end(request.method === 'HEAD' ? undefined : body);
  });
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${PROFILE_PATH}`;
  return {
    url,
    header: { 'UCP-Agent': `profile="${url}"` },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
