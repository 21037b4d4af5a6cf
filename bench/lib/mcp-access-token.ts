import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { issueAuthorization } from '../../core/services/oauth/authorization-codes.ts';
import type { RunningService } from '../../scripts/compose/start-service.ts';
import type { SystemCaller } from '../../scripts/lib/system-caller.ts';
import { seedDemoWorkspace } from '../../scripts/seed/demo-workspaces.ts';

/** What a bench needs to call the MCP resource as a member of a demo business. */
export interface McpMember {
  /** An access token from the real token endpoint (Authorization Code + PKCE), for `resource`. */
  token: string;
  /** The MCP URL the token was issued for (its audience). */
  resource: string;
  businessId: string;
}

/**
 * A new member of `business` (slug or id; without it, of a new demo business), a registered client,
 * and an access token with `scope` from the service's token endpoint: the whole OAuth path but the
 * browser's consent (the code is issued directly).
 */
export async function mcpMember(
  service: RunningService,
  admin: SystemCaller,
  options: { label: string; scope: string; business?: string },
): Promise<McpMember> {
  const user = await admin.accounts.createUser({
    email: `${options.label.toLowerCase()}-${randomUUID()}@example.test`,
    name: options.label,
    password: randomBytes(12).toString('base64url'),
  });
  const business = options.business
    ? await admin.accounts.addMember({ business: options.business, email: user.email, role: 'member' })
    : await seedDemoWorkspace(admin, 'secondary', user.email);
  const redirectUri = 'http://127.0.0.1:43210/callback';
  const client = await admin.protocols.oauth.clients.registerClient({
    redirect_uris: [redirectUri],
    client_name: `${options.label} bench`,
  });
  const verifier = randomBytes(32).toString('base64url');
  const resource = `${service.config.baseUrl}/v1/mcp`;
  const { code } = await issueAuthorization({
    em: service.database.orm.em.fork(),
    now: new Date(),
    clientId: client.client_id,
    userId: user.id,
    businessId: business.business_id,
    scope: options.scope,
    resource,
    redirectUri,
    codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
  });
  const response = await fetch(`${service.config.baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: client.client_id,
      code_verifier: verifier,
      resource,
    }),
  });
  if (response.status !== 200) throw new Error(`token endpoint answered ${response.status}: ${await response.text()}`);
  const { access_token: token } = (await response.json()) as { access_token: string };
  return { token, resource, businessId: business.business_id };
}
