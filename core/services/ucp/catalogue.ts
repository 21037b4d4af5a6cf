/**
 * What can be bought through UCP: exactly one product, one agent content reference (spec 4.6 and
 * section 8: 1 USD per reference), delivered by the paid reference endpoint. One payment buys one
 * reference, so a session holds exactly one line of quantity 1.
 */
export const REFERENCE_ITEM = {
  id: 'agent-reference',
  title: 'Agent reference to the Field Service API (one copy, delivered as JSON by the paid reference endpoint)',
  /** Unit price in minor units of `currency` (cents): 1 USD. */
  price: 100,
} as const;

/** The currency of every session (ISO 4217). */
export const CHECKOUT_CURRENCY = 'USD' as const;

/** The quantity of the one line: one reference per payment. */
export const REFERENCE_QUANTITY = 1 as const;

/** One cost entry (UCP total), in minor units. */
export interface CheckoutTotal {
  type: 'subtotal' | 'total';
  amount: number;
}

/** The one line of a session (UCP line_item). */
export interface ReferenceLineItem {
  id: string;
  item: { id: typeof REFERENCE_ITEM.id; title: string; price: typeof REFERENCE_ITEM.price };
  quantity: typeof REFERENCE_QUANTITY;
  totals: CheckoutTotal[];
}
