import { defineEntity } from '@mikro-orm/core';

/** One JWS of the agent card: base64url protected header and signature (A2A 1.0 AgentCardSignature). */
interface CardSignature {
  protected: string;
  signature: string;
}

/**
 * The signatures of one agent card text (its hex SHA-256) by one signing key, kept so that every
 * instance serves the card with the same signatures (ECDSA signs differently each time) and a card
 * request signs nothing. Read and written with SQL by core/services/a2a; the entity describes the table.
 */
export const A2aCardSignature = defineEntity({
  name: 'A2aCardSignature',
  tableName: 'a2a_card_signatures',
  properties: (p) => ({
    cardHash: p.character().length(64).primary(),
    kid: p.string().length(64).primary(),
    signatures: p.json<CardSignature[]>(),
    createdAt: p
      .datetime()
      .defaultRaw('now()')
      .onCreate(() => new Date()),
  }),
});
