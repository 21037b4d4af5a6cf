import type { Context } from '../../context.ts';

/**
 * Who sends an A2A request, as far as tasks are concerned. With an OAuth access token issued for the
 * A2A endpoint (the A2A adapter verifies it and makes it the context's principal) the caller is that
 * token's grant: one agent connection of one member of one business, kept across refreshes. Without
 * one it is anonymous.
 *
 * What each sees (docs/a2a.md, "Whose tasks"):
 * - a task created with a token belongs to its grant: no other caller reads, lists, cancels or
 *   subscribes to it, even knowing its id (it answers -32001, as an unknown id does);
 * - a task created anonymously is read, cancelled or subscribed to by whoever holds its id (a random
 *   uuid: the capability), and listed only by naming its context id (a random uuid unless the client
 *   chose its own).
 */
export type A2aCaller = { kind: 'grant'; grantId: string; businessId: string } | { kind: 'anonymous' };

export function a2aCallerOf(context: Context): A2aCaller {
  const { principal } = context;
  return principal.kind === 'oauth'
    ? { kind: 'grant', grantId: principal.grantId, businessId: principal.businessId }
    : { kind: 'anonymous' };
}

/** The grant a task created by this caller belongs to: null for an anonymous caller. */
export function ownerGrantOf(caller: A2aCaller): string | null {
  return caller.kind === 'grant' ? caller.grantId : null;
}
