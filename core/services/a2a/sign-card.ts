import { createHash } from 'node:crypto';
import { FlattenedSign } from 'jose';
import type { Context } from '../../context.ts';
import { oauthUrls } from '../oauth/urls.ts';
import { signingKeyFor, SIGNING_ALG, type ActiveSigningKey } from '../oauth/signing-keys.ts';
import { cardPayloads } from './card-payloads.ts';
import { findCardSignatures, keepCardSignatures, type StoredCardSignature } from './card-signatures.query.ts';

/** The card's text with its signatures as its last member (the text is an object without `signatures`). */
const withSignatures = (cardText: string, signatures: StoredCardSignature[]): string =>
  `${cardText.slice(0, -1)},"signatures":${JSON.stringify(signatures)}}`;

function readCard(cardText: string): Record<string, unknown> {
  const card: unknown = JSON.parse(cardText);
  if (typeof card !== 'object' || card === null || Array.isArray(card) || Object.keys(card).length === 0) {
    throw new Error('the agent card is not a JSON object with members');
  }
  if (Object.hasOwn(card, 'signatures')) throw new Error('the agent card to sign carries signatures already');
  return card as Record<string, unknown>;
}

/**
 * One JWS per payload (RFC 7515, flattened JSON serialisation with a detached payload, as A2A 1.0
 * section 8.4.2 shapes it): protected header `alg`, `typ: "JOSE"`, `kid`, and `jku` the JWKS that
 * publishes the key.
 */
async function signPayloads(payloads: string[], key: ActiveSigningKey, jku: string): Promise<StoredCardSignature[]> {
  const encoder = new TextEncoder();
  return Promise.all(
    payloads.map(async (payload) => {
      const jws = await new FlattenedSign(encoder.encode(payload))
        .setProtectedHeader({ alg: SIGNING_ALG, typ: 'JOSE', kid: key.kid, jku })
        .sign(key.privateKey);
      return { protected: jws.protected!, signature: jws.signature };
    }),
  );
}

/**
 * The agent card's text signed by the OAuth server's active key (A2A 1.0 section 8.4). Signed once
 * per card text and key, by whichever instance asks first; a card request then costs one indexed
 * read (the active kid and its stored signatures) and signs nothing. A rotation makes the next
 * request sign with the new key; the previous key stays in the JWKS for its publication window, so
 * a card cached under it keeps verifying. When signing fails (the database, the key-encryption key)
 * the card is answered unsigned and the failure logged: discovery does not depend on the key.
 */
export async function signedCardText(ctx: Context, cardText: string): Promise<string> {
  try {
    const cardHash = createHash('sha256').update(cardText).digest('hex');
    const stored = await findCardSignatures(ctx.sql, cardHash);
    if (stored.signatures && stored.signatures.length > 0) return withSignatures(cardText, stored.signatures);
    const payloads = cardPayloads(readCard(cardText));
    const now = ctx.clock.now();
    const kek = await ctx.services.oauth.keyEncryptionKey(ctx.log);
    const key = await signingKeyFor(ctx.em, kek, now, stored.active_kid);
    const signatures = await signPayloads(payloads, key, oauthUrls(ctx.urls).jwksUri);
    const kept = await keepCardSignatures(ctx.sql, { cardHash, kid: key.kid, signatures }, now);
    return withSignatures(cardText, kept);
  } catch (error) {
    ctx.log.error({ err: error }, 'the agent card could not be signed; answering it unsigned');
    return cardText;
  }
}
