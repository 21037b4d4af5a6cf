import { canonicalJson } from '../../domain/canonical-json.ts';
import { cardAsSchema10 } from './card-schema-1.0.ts';

/**
 * What the card's signatures cover, each the RFC 8785 canonical JSON of the card without its
 * `signatures` member (A2A 1.0 section 8.4.1): first the card as A2A 1.0's schema reads it, which is
 * what the official SDKs verify (they drop the members 1.0 does not name, and try the signatures in
 * order, logging each that fails), then the whole card as served, its 0.3 members included. One
 * payload when the two readings agree.
 */
export function cardPayloads(card: Record<string, unknown>): string[] {
  const { signatures: _signatures, ...unsigned } = card;
  const whole = canonicalJson(unsigned);
  const schema10 = canonicalJson(cardAsSchema10(unsigned));
  return whole === schema10 ? [schema10] : [schema10, whole];
}
