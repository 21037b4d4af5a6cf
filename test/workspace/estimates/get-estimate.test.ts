import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { computeTotals } from '../../../core/services/workspace/totals.ts';
import { sql } from '../../helpers/sql.ts';
import { createTestBusiness, expectAppError, tenantCaller, type TestBusiness } from '../../helpers/workspace.ts';
import { addCustomer, addEstimate, estimateFixtures, TAX_BASIS_POINTS } from './fixtures.ts';

describe('workspace: get-estimate', () => {
  let business: TestBusiness;
  let other: TestBusiness;
  let f: Awaited<ReturnType<typeof estimateFixtures>>;
  let foreignEstimate: string;

  before(async () => {
    business = await createTestBusiness();
    f = await estimateFixtures(business);
    other = await createTestBusiness();
    foreignEstimate = await addEstimate(other, {
      number: 1,
      customerId: await addCustomer(other, 'Quote Seeker'),
      status: 'sent',
      createdAt: '2026-11-01T00:00:00Z',
    });
  });

  it('answers the estimate with options by position, their lines by position and stored totals', async () => {
    const estimate = await tenantCaller(business.id).workspace.estimates.getEstimate({ estimate_id: f.e1 });
    expect(estimate).to.deep.include({
      id: f.e1,
      number: 1,
      title: 'Furnace options',
      status: 'sent',
      customer: { id: f.customer, name: 'Quote Seeker' },
      property_id: f.property,
      property: { id: f.property, name: 'Main house', summary: '12 Elm St, Springfield 62704' },
      job_id: null,
      job: null,
      notes: 'Valid for 30 days',
      issued_on: '2026-11-01',
      valid_until: '2026-12-01',
      option_count: 3,
      approved_option_id: null,
      currency: 'USD',
      created_at: '2026-11-01T00:00:00.000Z',
      updated_at: '2026-11-01T00:00:00.000Z',
    });
    expect(estimate.headline_option).to.deep.include({ basis: 'lowest_total', option_id: f.best });
    expect(
      estimate.options.map((option) => [
        option.id,
        option.position,
        option.name,
        option.approved,
        option.subtotal_minor,
        option.tax_minor,
        option.total_minor,
      ]),
    ).to.deep.equal([
      [f.good, 1, 'Good', false, 10_000, 825, 10_825],
      [f.better, 2, 'Better', false, 24_510, 166, 24_676],
      [f.best, 3, 'Best', false, 2_831, 234, 3_065],
    ]);
    expect(estimate.options[0]).to.deep.include({ description: 'Basic tune-up', currency: 'USD' });
    expect(estimate.options[1]!.line_items.map((line) => ({ ...line, id: undefined }))).to.deep.equal([
      {
        id: undefined,
        position: 1,
        kind: 'custom',
        name: 'Labour',
        description: null,
        quantity: 1.5,
        unit_price_minor: 15_000,
        taxable: false,
        amount_minor: 22_500,
        price_book_item_id: null,
      },
      {
        id: undefined,
        position: 2,
        kind: 'custom',
        name: 'Parts',
        description: null,
        quantity: 2,
        unit_price_minor: 1_005,
        taxable: true,
        amount_minor: 2_010,
        price_book_item_id: null,
      },
    ]);
    // 2.5 x 9.99 = 24.975 rounds half up to 24.98.
    expect(estimate.options[2]!.line_items.map((line) => [line.name, line.quantity, line.amount_minor])).to.deep.equal([
      ['Filter', 2.5, 2_498],
      ['Sealant', 0.333, 333],
    ]);
  });

  it('marks the approved option and references the job', async () => {
    const estimate = await tenantCaller(business.id).workspace.estimates.getEstimate({ estimate_id: f.e2 });
    expect(estimate).to.deep.include({
      status: 'approved',
      approved_option_id: f.premium,
      property: null,
      job: { id: f.job, number: 501, title: 'Furnace replacement', status: 'scheduled' },
    });
    expect(estimate.options.map((option) => [option.name, option.approved])).to.deep.equal([
      ['Basic', false],
      ['Premium', true],
    ]);
    expect(estimate.headline_option).to.deep.include({ basis: 'approved', option_id: f.premium, total_minor: 9_000 });
  });

  it("answers estimates without options, and ignores an approval naming another estimate's option", async () => {
    const caller = tenantCaller(business.id);
    const draft = await caller.workspace.estimates.getEstimate({ estimate_id: f.e3 });
    expect(draft).to.deep.include({
      status: 'draft',
      options: [],
      option_count: 0,
      headline_option: null,
      issued_on: null,
      valid_until: null,
      notes: null,
    });
    const declined = await caller.workspace.estimates.getEstimate({ estimate_id: f.e4 });
    expect(declined.approved_option_id).to.equal(null);
    expect(declined.options.map((option) => [option.id, option.approved])).to.deep.equal([
      [f.tieFirst, false],
      [f.tieSecond, false],
    ]);
  });

  it("stores option totals equal to computeTotals over each option's line items", async () => {
    // Straight from the tables, not through the procedure: what the write path stored must be what computeTotals answers.
    const options = await sql<{ id: string; subtotal_minor: string; tax_minor: string; total_minor: string }>(
      'select o.id, o.subtotal_minor, o.tax_minor, o.total_minor from estimate_options o where o.business_id = ? order by o.id',
      [business.id],
    );
    expect(options).to.have.length(9);
    for (const option of options) {
      const lines = await sql<{ quantity: string; unit_price_minor: string; taxable: boolean; amount_minor: string }>(
        'select quantity, unit_price_minor, taxable, amount_minor from estimate_line_items where business_id = ? and estimate_option_id = ? order by position, id',
        [business.id, option.id],
      );
      const totals = computeTotals(
        lines.map((line) => ({
          quantity: Number(line.quantity),
          unitPriceMinor: Number(line.unit_price_minor),
          taxable: line.taxable,
        })),
        TAX_BASIS_POINTS,
      );
      expect(lines.map((line) => Number(line.amount_minor))).to.deep.equal(totals.lineAmountsMinor);
      expect([Number(option.subtotal_minor), Number(option.tax_minor), Number(option.total_minor)]).to.deep.equal([
        totals.subtotalMinor,
        totals.taxMinor,
        totals.totalMinor,
      ]);
    }
    // And the procedure answers exactly the stored totals.
    const estimate = await tenantCaller(business.id).workspace.estimates.getEstimate({ estimate_id: f.e1 });
    for (const option of estimate.options) {
      const totals = computeTotals(
        option.line_items.map((line) => ({
          quantity: line.quantity,
          unitPriceMinor: line.unit_price_minor,
          taxable: line.taxable,
        })),
        TAX_BASIS_POINTS,
      );
      expect([option.subtotal_minor, option.tax_minor, option.total_minor]).to.deep.equal([
        totals.subtotalMinor,
        totals.taxMinor,
        totals.totalMinor,
      ]);
    }
  });

  it("refuses malformed, unknown and other businesses' ids alike", async () => {
    const caller = tenantCaller(business.id);
    await expectAppError(caller.workspace.estimates.getEstimate({ estimate_id: 'EST-1' }), 'VALIDATION_FAILED');
    const unknown = randomUUID();
    expect(
      (await expectAppError(caller.workspace.estimates.getEstimate({ estimate_id: unknown }), 'RESOURCE_NOT_FOUND'))
        .message,
    ).to.equal(`No estimate with id ${unknown} in this business.`);
    expect(
      (
        await expectAppError(
          caller.workspace.estimates.getEstimate({ estimate_id: foreignEstimate }),
          'RESOURCE_NOT_FOUND',
        )
      ).message,
    ).to.equal(`No estimate with id ${foreignEstimate} in this business.`);
    await expectAppError(
      tenantCaller(other.id).workspace.estimates.getEstimate({ estimate_id: f.e1 }),
      'RESOURCE_NOT_FOUND',
    );
    // An option id is not an estimate id.
    await expectAppError(caller.workspace.estimates.getEstimate({ estimate_id: f.good }), 'RESOURCE_NOT_FOUND');
  });
});
