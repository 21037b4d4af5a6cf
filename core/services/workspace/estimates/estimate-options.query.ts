import type { EntityManager } from '@mikro-orm/postgresql';
import { EstimateOption } from '../../../../orm/entities/field-service/estimate-option.ts';
import { lineItemsOf } from '../line-items.query.ts';

/**
 * The options of one estimate by position (then id), each with its line items by position and its
 * stored totals (written by computeTotals when the option was saved; never recomputed on read).
 */
export async function estimateOptions(
  em: EntityManager,
  businessId: string,
  estimateId: string,
  approvedOptionId: string | null,
) {
  const options = await em.find(
    EstimateOption,
    { businessId, estimateId },
    { orderBy: { position: 'asc', id: 'asc' } },
  );
  return Promise.all(
    options.map(async (option) => ({
      id: option.id,
      position: option.position,
      name: option.name,
      description: option.description ?? null,
      approved: option.id === approvedOptionId,
      subtotal_minor: option.subtotalMinor,
      tax_minor: option.taxMinor,
      total_minor: option.totalMinor,
      currency: option.currency,
      line_items: await lineItemsOf(em, 'estimateOption', businessId, option.id),
    })),
  );
}
