import type { IPriceBookItem } from '../../../../orm/entities/field-service/price-book-item.ts';
import { AppError } from '../../../errors/index.ts';
import type { CreateJobInput } from '../../../domain/workspace/create-job-input.schema.ts';
import { computeTotals, type Totals } from '../totals.ts';

export interface NewLine {
  kind: 'service' | 'material' | 'custom';
  name: string;
  description: string | null;
  priceBookItemId: string | null;
  quantity: number;
  unitPriceMinor: number;
  taxable: boolean;
}

/**
 * The lines of a new job as stored: a price-book line copies the item's name, kind, description,
 * taxability and price (unless overridden), so later price-book edits never change the job.
 * `priceBookItems` holds every referenced item, already checked to be the business's and active.
 */
export function priceLines(
  lineInputs: CreateJobInput['line_items'],
  priceBookItems: ReadonlyMap<string, IPriceBookItem>,
  taxRateBasisPoints: number | null,
): { lines: NewLine[]; totals: Totals } {
  const lines = lineInputs.map((line): NewLine => {
    if ('price_book_item_id' in line) {
      const item = priceBookItems.get(line.price_book_item_id)!;
      return {
        kind: item.kind,
        name: item.name,
        description: item.description ?? null,
        priceBookItemId: item.id,
        quantity: line.quantity,
        unitPriceMinor: line.unit_price_minor ?? item.unitPriceMinor,
        taxable: item.taxable,
      };
    }
    return {
      kind: 'custom',
      name: line.name,
      description: line.description ?? null,
      priceBookItemId: null,
      quantity: line.quantity,
      unitPriceMinor: line.unit_price_minor,
      taxable: line.taxable,
    };
  });
  const totals = computeTotals(lines, taxRateBasisPoints);
  // Beyond 2^53 the amounts would no longer be exact, and the database's total = subtotal + tax check would fail as a 500.
  const amounts = [...totals.lineAmountsMinor, totals.subtotalMinor, totals.taxMinor, totals.totalMinor];
  if (amounts.some((amount) => !Number.isSafeInteger(amount))) {
    const message = `the job's total must stay below ${Number.MAX_SAFE_INTEGER} minor units`;
    throw new AppError('VALIDATION_FAILED', `Invalid parameter "line_items": ${message}.`, {
      details: [{ parameter: 'line_items', code: 'too_big', message, path: ['line_items'] }],
    });
  }
  return { lines, totals };
}
