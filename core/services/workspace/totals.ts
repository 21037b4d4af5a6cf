/**
 * The one place money totals are computed: line amounts, subtotal, tax and total of jobs,
 * estimate options and invoices. Every write stores exactly what this answers, and the database
 * checks total = subtotal + tax. Integer minor units throughout; BigInt for the products so large
 * quantities never lose a cent to floating point. Rounding is half up (amounts are never negative).
 */
export interface PricedLine {
  /** Up to three decimals (e.g. 1.5 hours). */
  quantity: number;
  unitPriceMinor: number;
  taxable: boolean;
}

export interface Totals {
  lineAmountsMinor: number[];
  subtotalMinor: number;
  taxMinor: number;
  totalMinor: number;
}

/** Divides and rounds half up: both operands are non-negative. */
function divideRoundingHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/** quantity × unit price, to the nearest minor unit. */
export function lineAmountMinor(quantity: number, unitPriceMinor: number): number {
  const thousandths = BigInt(Math.round(quantity * 1000));
  return Number(divideRoundingHalfUp(thousandths * BigInt(unitPriceMinor), 1000n));
}

/** Tax is computed once on the sum of taxable lines (not per line), at a rate in basis points (825 = 8.25 %). */
export function computeTotals(lines: readonly PricedLine[], taxRateBasisPoints: number | null): Totals {
  const lineAmountsMinor = lines.map((line) => lineAmountMinor(line.quantity, line.unitPriceMinor));
  const subtotalMinor = lineAmountsMinor.reduce((sum, amount) => sum + amount, 0);
  const taxableMinor = lines.reduce((sum, line, index) => (line.taxable ? sum + lineAmountsMinor[index]! : sum), 0);
  const taxMinor = taxRateBasisPoints
    ? Number(divideRoundingHalfUp(BigInt(taxableMinor) * BigInt(taxRateBasisPoints), 10_000n))
    : 0;
  return { lineAmountsMinor, subtotalMinor, taxMinor, totalMinor: subtotalMinor + taxMinor };
}
