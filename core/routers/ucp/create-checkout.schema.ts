import { z } from 'zod';
import { noNul } from '../../services/sql/no-nul.ts';
import { REFERENCE_ITEM } from '../../services/ucp/catalogue.ts';

const text = (max: number) => z.string().max(max).check(noNul()).optional();

/** The buyer, as UCP describes one; other members are ignored. Kept with the session, never used to contact anyone. */
export const ZBuyer = z.object({
  email: text(320),
  first_name: text(200),
  last_name: text(200),
  full_name: text(200),
  phone_number: text(32),
});

export const ZLineItem = z.object({
  item: z.object({
    id: z.literal(REFERENCE_ITEM.id, {
      error: `unknown item: the one item sold is "${REFERENCE_ITEM.id}" (the paid reference, 1 USD)`,
    }),
  }),
  quantity: z.literal(1, { error: 'must be 1: one payment buys one reference' }),
});

/**
 * An optional JSON object. `line_items` (default: one `agent-reference`, quantity 1) must be exactly
 * that one line; other UCP request members (context, signals, payment, ...) are accepted and ignored.
 * Open (looseObject) because UCP requests are extensible: the REST adapter's refusal of unknown
 * body fields (adapters/http/strict-input.ts) skips this object and everything in it.
 */
export const ZCreateCheckoutInput = z.looseObject({
  line_items: z
    .array(ZLineItem)
    .length(1, { error: 'holds exactly one line: {"item": {"id": "agent-reference"}, "quantity": 1}' })
    .optional()
    .describe('Exactly one line, `{"item": {"id": "agent-reference"}, "quantity": 1}`; the default when absent.'),
  buyer: ZBuyer.optional(),
});
