import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listProcedures } from '../../core/procedures/introspection.ts';
import type { ProcedureEntry } from '../../core/procedures/procedure-entry.ts';
import { appRouter } from '../../core/routers/_app.ts';
import { internalApiRouter } from '../../core/routers/internal-api.ts';

/*
 * A procedure no transport reaches is dead code with a public-looking name. Every procedure of
 * appRouter must be reachable from REST (openapi meta), MCP (tool meta), an A2A skill (skill meta),
 * /api/trpc (the internal API's router), the system caller (built on systemProcedure: scripts, the
 * sweeper, the admin command), or an endpoint an adapter serves by hand, named below with the
 * endpoint; and each of those names must in fact be called by an adapter.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The procedures adapters call by path, for endpoints no meta describes. */
const HAND_SERVED: Record<string, string> = {
  'blog.getMedia': 'GET /api/v1/blog/media/{publicId} (the media proxy)',
  'protocols.oauth.metadata.getAuthorizationServerMetadata': 'GET /.well-known/oauth-authorization-server',
  'protocols.oauth.metadata.getProtectedResourceMetadata':
    'GET /.well-known/oauth-protected-resource[/api/v1/mcp | /api/v1/agent/a2a]',
  'protocols.oauth.clients.registerClient': 'POST /api/oauth/register',
  'protocols.oauth.authorization.beginAuthorization': 'GET /api/oauth/authorize',
  'protocols.oauth.authorization.signIn': 'POST /api/oauth/authorize (the sign-in form)',
  'protocols.oauth.authorization.decideAuthorization': 'POST /api/oauth/authorize (the consent form)',
  'protocols.oauth.tokens.exchangeToken': 'POST /api/oauth/token',
  'protocols.oauth.tokens.revokeToken': 'POST /api/oauth/revoke',
  'protocols.a2a.sendMessage': 'A2A message/send, SendMessage',
  'protocols.a2a.getTask': 'A2A tasks/get, GetTask',
  'protocols.a2a.refuseUnknownMethod': 'A2A methods the agent does not implement',
  'protocols.a2a.signCard':
    'GET, HEAD of the A2A agent card ({base_url}/v1/agent/a2a, /.well-known/agent-card.json, /.well-known/agent.json)',
  'protocols.a2a.createPushConfig': 'A2A tasks/pushNotificationConfig/set, CreateTaskPushNotificationConfig',
  'protocols.a2a.getPushConfig': 'A2A tasks/pushNotificationConfig/get, GetTaskPushNotificationConfig',
  'protocols.a2a.listPushConfigs': 'A2A tasks/pushNotificationConfig/list, ListTaskPushNotificationConfigs',
  'protocols.a2a.deletePushConfig': 'A2A tasks/pushNotificationConfig/delete, DeleteTaskPushNotificationConfig',
  'protocols.a2a.listTasks': 'A2A ListTasks',
  'protocols.a2a.cancelTask': 'A2A tasks/cancel, CancelTask',
  'protocols.a2a.getExtendedCard': 'A2A agent/getAuthenticatedExtendedCard, GetExtendedAgentCard',
  'protocols.a2a.sendStreamingMessage': 'A2A message/stream, SendStreamingMessage (SSE)',
  'protocols.a2a.subscribeToTask': 'A2A tasks/resubscribe, SubscribeToTask (SSE)',
  'protocols.x402.purchasePaidReference': 'GET /api/v1/agent/paid-reference (x402)',
  'protocols.ucp.getAcpDiscovery': 'GET /.well-known/acp.json',
  'infrastructure.operations.getGauges': 'GET /api/metrics',
};

function sourceText(directory: string): string {
  return readdirSync(directory, { withFileTypes: true })
    .map((entry) => {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) return sourceText(path);
      return entry.isFile() && path.endsWith('.ts') ? readFileSync(path, 'utf8') : '';
    })
    .join('\n');
}

const procedures = listProcedures(appRouter);
const internalApi = new Set(listProcedures(internalApiRouter).map((entry) => entry.path));

/** How a procedure is reached without the hand-served list, or undefined. */
function reachedByDeclaration(entry: ProcedureEntry): string | undefined {
  if (entry.meta?.openapi) return 'REST';
  if (entry.meta?.tool) return 'MCP';
  if (entry.meta?.skill) return 'A2A skill';
  if (internalApi.has(entry.path)) return '/api/trpc';
  // Set by systemProcedure on everything built on it (core/procedures/meta.ts BaseMeta).
  if (entry.meta?.base?.systemOnly === true) return 'system caller';
  return undefined;
}

/** How a procedure is reached, or undefined when nothing reaches it. */
function reachedBy(entry: ProcedureEntry): string | undefined {
  return reachedByDeclaration(entry) ?? HAND_SERVED[entry.path];
}

describe('every procedure is reachable', () => {
  it('from REST, MCP, a skill, /api/trpc, the system caller or a hand-served endpoint', () => {
    const unreached = procedures.filter((entry) => reachedBy(entry) === undefined).map((entry) => entry.path);
    expect(unreached, 'procedures no transport reaches (serve them, or remove them)').to.deep.equal([]);
  });

  it('names only procedures that exist, and only those no meta or base procedure already reaches', () => {
    const paths = new Set(procedures.map((entry) => entry.path));
    for (const path of Object.keys(HAND_SERVED)) {
      expect(paths.has(path), `${path} is not a procedure of appRouter`).to.equal(true);
    }
    for (const entry of procedures.filter((candidate) => HAND_SERVED[candidate.path] !== undefined)) {
      expect(reachedByDeclaration(entry), `${entry.path} needs no name here`).to.equal(undefined);
    }
  });

  it('names only procedures an adapter calls by path', () => {
    const adapters = sourceText(join(root, 'adapters'));
    for (const path of Object.keys(HAND_SERVED)) {
      expect(adapters.includes(`'${path}'`), `no adapter calls ${path} (${HAND_SERVED[path]})`).to.equal(true);
    }
  });
});
