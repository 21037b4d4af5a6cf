import type { Context } from '../../context.ts';
import { a2aAuthRefusal } from './auth-challenge.ts';
import { a2aCallerOf } from './caller.ts';
import type { MethodResult } from './send-message.ts';

/**
 * GetExtendedAgentCard (1.0) and agent/getAuthenticatedExtendedCard (0.3): the extended card for a
 * caller authenticated with an A2A access token (A2A 1.0 section 13.3: the operation MUST require
 * authentication). Anonymous: HTTP 401 with the challenge naming the A2A resource's metadata, never
 * kept under an Idempotency-Key (the retry, with a token, is to run). The card itself is the
 * adapter's (built from the skill table where the public card is), so core stays free of wire
 * words; what core decides is who gets it.
 */
export function getExtendedCard(card: Record<string, unknown>, context: Context): MethodResult {
  if (a2aCallerOf(context).kind === 'anonymous') {
    const { error, headers } = a2aAuthRefusal(context.urls, 'missing');
    return { outcome: { kind: 'refusal', error, headers }, skill: null, logged: 'unauthenticated', replayable: false };
  }
  return { outcome: { kind: 'card', card, headers: {} }, skill: null, logged: 'extended_card' };
}
