import { z } from 'zod';
import { REFERENCE_ITEM } from '../../services/ucp/catalogue.ts';
import { ZBuyer, ZLineItem } from './create-checkout.schema.ts';
import { echoedResponseMembers, ignoredRequestMembers, ZSessionId } from './session-operation.schema.ts';

/** A line as an update sends it: the one line (its id `li_1` when given), the item echoed as answered. */
const ZUpdateLineItem = ZLineItem.extend({
  id: z.literal('li_1', { error: 'the session has one line, "li_1"' }).optional(),
  item: z.looseObject({
    id: z.literal(REFERENCE_ITEM.id, {
      error: `unknown item: the one item sold is "${REFERENCE_ITEM.id}" (the paid reference, 1 USD)`,
    }),
  }),
  totals: z.unknown().optional(),
});

/**
 * UCP Update Checkout (a full replacement): `line_items` (required) must still be the one line of
 * `agent-reference`, quantity 1; `buyer` replaces the stored buyer (absent: none). `context`,
 * `signals`, `attribution`, `payment` and the response members a platform echoes are accepted and
 * ignored; any other member is refused (400 naming it).
 */
export const ZUpdateCheckoutInput = z.object({
  id: ZSessionId,
  line_items: z
    .array(ZUpdateLineItem)
    .length(1, { error: 'holds exactly one line: {"item": {"id": "agent-reference"}, "quantity": 1}' })
    .describe('Exactly one line, `{"item": {"id": "agent-reference"}, "quantity": 1}` (its `id`, `li_1`, optional).'),
  buyer: ZBuyer.optional().describe('Replaces the buyer kept with the session; absent: the session keeps none.'),
  context: z.unknown().optional(),
  ...ignoredRequestMembers,
  ...echoedResponseMembers,
});
