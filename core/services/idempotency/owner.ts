import { createHash } from 'node:crypto';
import type { Context } from '../../context.ts';
import { clientAddressKey } from '../rate-limit/client-address-key.ts';

// The owner column's width; a longer name (an address a trusted proxy forwarded as any text) is hashed.
const MAX_OWNER_LENGTH = 200;

function bounded(owner: string): string {
  if (owner.length <= MAX_OWNER_LENGTH) return owner;
  return `sha256:${createHash('sha256').update(owner).digest('hex')}`;
}

/**
 * Whose Idempotency-Key a request uses: keys are one per owner, so another caller's same key (and
 * same body) is a key of its own, never the first caller's stored answer. The authenticated
 * principal when the context has one (an OAuth grant, a workspace API token, the system caller);
 * otherwise the client's address as the per-client budgets count it (IPv4 itself, IPv6 per /64:
 * clientAddressKey); an in-process caller without either is "in-process". Reads only what the
 * context already holds: it resolves no credentials (the agent endpoints that take keys are
 * anonymous, so their principal is always the address).
 *
 * Does NOT cover: clients sharing one address (carrier-grade NAT, one IPv6 /64) share one key space;
 * a client that changes address loses its keys' replays (its retry executes again).
 */
export function idempotencyOwner({ principal, clientAddress }: Context): string {
  switch (principal.kind) {
    case 'oauth':
      return bounded(`oauth-grant:${principal.grantId}`);
    case 'api_token':
      return bounded(`api-token:${principal.tokenId}`);
    case 'system':
      return bounded(`system:${principal.businessId ?? ''}`);
    case 'anonymous':
      return clientAddress === undefined ? 'in-process' : bounded(`client:${clientAddressKey(clientAddress)}`);
  }
}
