/**
 * Who is calling. `system` is the in-process caller of scripts (seeding, administration); no
 * transport can produce it, and with a `businessId` it acts inside that business with every scope.
 * `api_token` is a workspace API token (internal clients); `oauth` an access token of our
 * authorization server (agents). Both are bound to exactly one business.
 */
export type Principal =
  | { kind: 'anonymous' }
  | { kind: 'system'; businessId?: string }
  | { kind: 'api_token'; businessId: string; tokenId: string; scopes: readonly string[] }
  | {
      kind: 'oauth';
      businessId: string;
      userId: string;
      clientId: string;
      /** The grant the token was issued from (kept across refreshes): one agent connection, the key of its tool-call budget. */
      grantId: string;
      tokenId: string;
      scopes: readonly string[];
      /**
       * The scopes a grant of this client to this member could ever carry (reachable-scopes.ts): the
       * ceiling of a step-up. Undefined where no grant was read (a principal built by a caller):
       * nothing is known to be out of reach.
       */
      reachableScopes?: readonly string[];
    };
