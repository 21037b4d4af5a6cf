import { expect } from 'chai';
import { computeTotals, lineAmountMinor } from '../../core/services/workspace/totals.ts';

describe('money totals', () => {
  it('multiplies fractional quantities exactly and rounds half up to the cent', () => {
    expect(lineAmountMinor(1.5, 12_999)).to.equal(19_499); // 19498.5 -> 19499
    expect(lineAmountMinor(0.333, 100)).to.equal(33); // 33.3 -> 33
    expect(lineAmountMinor(2, 4_550)).to.equal(9_100);
    expect(lineAmountMinor(0.1, 5)).to.equal(1); // 0.5 -> 1
    // Beyond 2^53 as a float product: BigInt keeps it exact.
    expect(lineAmountMinor(999_999.999, 9_000_000_000)).to.equal(8_999_999_991_000_000);
  });

  it('taxes only taxable lines, once on their sum, and total = subtotal + tax', () => {
    const totals = computeTotals(
      [
        { quantity: 1, unitPriceMinor: 10_005, taxable: true },
        { quantity: 3, unitPriceMinor: 1_001, taxable: true },
        { quantity: 1, unitPriceMinor: 50_000, taxable: false },
      ],
      825,
    );
    expect(totals.lineAmountsMinor).to.deep.equal([10_005, 3_003, 50_000]);
    expect(totals.subtotalMinor).to.equal(63_008);
    // 13008 * 8.25 % = 1073.16 -> 1073
    expect(totals.taxMinor).to.equal(1_073);
    expect(totals.totalMinor).to.equal(64_081);
  });

  it('has no tax without a rate and sums nothing for no lines', () => {
    expect(computeTotals([{ quantity: 2, unitPriceMinor: 150, taxable: true }], null)).to.deep.equal({
      lineAmountsMinor: [300],
      subtotalMinor: 300,
      taxMinor: 0,
      totalMinor: 300,
    });
    expect(computeTotals([], 825)).to.deep.equal({
      lineAmountsMinor: [],
      subtotalMinor: 0,
      taxMinor: 0,
      totalMinor: 0,
    });
  });

  it('rounds the tax half up at exactly half a cent', () => {
    // 200 * 2.5 % = 5.0; 20 * 2.5 % = 0.5 -> 1
    expect(computeTotals([{ quantity: 1, unitPriceMinor: 20, taxable: true }], 250).taxMinor).to.equal(1);
    expect(computeTotals([{ quantity: 1, unitPriceMinor: 19, taxable: true }], 250).taxMinor).to.equal(0);
  });
});
