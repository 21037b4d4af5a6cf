import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { createTestBusiness, expectAppError, tenantCaller, type TestBusiness } from '../../helpers/workspace.ts';
import { addCustomer, addEstimate, addOption, estimateFixtures, forgedCursor } from './fixtures.ts';

describe('workspace: list-estimates', () => {
  let business: TestBusiness;
  let other: TestBusiness;
  let f: Awaited<ReturnType<typeof estimateFixtures>>;
  const foreign: Record<string, string> = {};

  before(async () => {
    business = await createTestBusiness();
    f = await estimateFixtures(business);
    // Another business with a look-alike estimate #1 for a look-alike customer.
    other = await createTestBusiness();
    foreign.customer = await addCustomer(other, 'Quote Seeker');
    foreign.estimate = await addEstimate(other, {
      number: 1,
      customerId: foreign.customer,
      status: 'sent',
      createdAt: '2026-11-05T00:00:00Z',
    });
    await addOption(other, foreign.estimate, 1, 'Good', [
      { name: 'Tune-up', quantity: 1, unitPriceMinor: 1, taxable: false },
    ]);
  });

  it('lists newest first with the headline option: approved, else the lowest total', async () => {
    const page = await tenantCaller(business.id).workspace.estimates.listEstimates({});
    expect(page.next_cursor).to.equal(null);
    expect(page.items.map((item) => item.id)).to.deep.equal(f.order);
    const byNumber = new Map(page.items.map((item) => [item.number, item]));
    expect(byNumber.get(1)).to.deep.equal({
      id: f.e1,
      number: 1,
      title: 'Furnace options',
      status: 'sent',
      customer: { id: f.customer, name: 'Quote Seeker' },
      property_id: f.property,
      job_id: null,
      issued_on: '2026-11-01',
      valid_until: '2026-12-01',
      option_count: 3,
      approved_option_id: null,
      // Best (position 3) is the cheapest: 30.65 against 108.25 and 246.76.
      headline_option: {
        basis: 'lowest_total',
        option_id: f.best,
        name: 'Best',
        subtotal_minor: 2_831,
        tax_minor: 234,
        total_minor: 3_065,
      },
      currency: 'USD',
      created_at: '2026-11-01T00:00:00.000Z',
    });
    expect(byNumber.get(2)).to.deep.include({
      job_id: f.job,
      option_count: 2,
      approved_option_id: f.premium,
      headline_option: {
        basis: 'approved',
        option_id: f.premium,
        name: 'Premium',
        subtotal_minor: 9_000,
        tax_minor: 0,
        total_minor: 9_000,
      },
    });
    expect(byNumber.get(3)).to.deep.include({
      option_count: 0,
      approved_option_id: null,
      headline_option: null,
      issued_on: null,
      valid_until: null,
    });
    // #4's approved_option_id names #2's option: not one of its own, so nothing of #4 is approved; equal totals go to the lower position.
    expect(byNumber.get(4)).to.deep.include({
      customer: { id: f.otherCustomer, name: 'Someone Else' },
      approved_option_id: null,
      headline_option: {
        basis: 'lowest_total',
        option_id: f.tieFirst,
        name: 'Plan A',
        subtotal_minor: 5_000,
        tax_minor: 0,
        total_minor: 5_000,
      },
    });
    // 1.00 taxed: tax 0.0825 -> 0.08. 3 x 3.33 = 9.99 taxed: tax 0.824175 -> 0.82.
    expect(byNumber.get(5)!.headline_option).to.deep.include({ subtotal_minor: 100, tax_minor: 8, total_minor: 108 });
    expect(byNumber.get(6)!.headline_option).to.deep.include({
      subtotal_minor: 999,
      tax_minor: 82,
      total_minor: 1_081,
    });
  });

  it('filters by status and customer', async () => {
    const caller = tenantCaller(business.id);
    const numbers = async (input: {
      status?: 'draft' | 'sent' | 'approved' | 'declined' | 'expired';
      customer_id?: string;
    }) => (await caller.workspace.estimates.listEstimates(input)).items.map((item) => item.number);
    expect(await numbers({ status: 'sent' })).to.deep.equal([6, 1]);
    expect(await numbers({ status: 'approved' })).to.deep.equal([2]);
    expect(await numbers({ status: 'draft' })).to.deep.equal([3]);
    expect(await numbers({ customer_id: f.otherCustomer })).to.have.members([3, 4]);
    expect(await numbers({ customer_id: f.customer })).to.deep.equal([6, 5, 2, 1]);
    expect(await numbers({ customer_id: f.customer, status: 'sent' })).to.deep.equal([6, 1]);
    expect(await numbers({ customer_id: f.otherCustomer, status: 'approved' })).to.deep.equal([]);
  });

  it('pages without gaps or repeats, across equal and sub-millisecond creation instants', async () => {
    const caller = tenantCaller(business.id);
    for (const limit of [1, 2, 3, 4, 5]) {
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await caller.workspace.estimates.listEstimates({ limit, cursor });
        seen.push(...page.items.map((item) => item.id));
        cursor = page.next_cursor ?? undefined;
        pages += 1;
      } while (cursor !== undefined && pages < 20);
      expect(seen, `limit ${limit}`).to.deep.equal(f.order);
      expect(pages).to.equal(Math.ceil(f.order.length / limit));
    }
    const first = await caller.workspace.estimates.listEstimates({ limit: 1, customer_id: f.customer, status: 'sent' });
    const second = await caller.workspace.estimates.listEstimates({
      limit: 1,
      customer_id: f.customer,
      status: 'sent',
      cursor: first.next_cursor!,
    });
    expect([...first.items, ...second.items].map((item) => item.number)).to.deep.equal([6, 1]);
    expect(second.next_cursor).to.equal(null);
  });

  it('refuses forged cursors and malformed input', async () => {
    const caller = tenantCaller(business.id);
    await expectAppError(caller.workspace.estimates.listEstimates({ cursor: '%%%' }), 'VALIDATION_FAILED');
    await expectAppError(
      caller.workspace.estimates.listEstimates({ cursor: forgedCursor(['2026-02-30T00:00:00.000000Z', randomUUID()]) }),
      'VALIDATION_FAILED',
    );
    await expectAppError(
      caller.workspace.estimates.listEstimates({ cursor: forgedCursor(['2026-11-01T00:00:00Z', randomUUID()]) }),
      'VALIDATION_FAILED',
    );
    await expectAppError(
      caller.workspace.estimates.listEstimates({ cursor: forgedCursor([randomUUID(), '2026-11-01T00:00:00.000000Z']) }),
      'VALIDATION_FAILED',
    );
    await expectAppError(caller.workspace.estimates.listEstimates({ status: 'open' as never }), 'VALIDATION_FAILED');
    await expectAppError(caller.workspace.estimates.listEstimates({ customer_id: 'customer-1' }), 'VALIDATION_FAILED');
  });

  it('never mixes businesses: a customer of another business is not found', async () => {
    const caller = tenantCaller(business.id);
    const error = await expectAppError(
      caller.workspace.estimates.listEstimates({ customer_id: foreign.customer! }),
      'RESOURCE_NOT_FOUND',
    );
    expect(error.message).to.equal(`No customer with id ${foreign.customer} in this business.`);
    await expectAppError(caller.workspace.estimates.listEstimates({ customer_id: randomUUID() }), 'RESOURCE_NOT_FOUND');
    const theirs = await tenantCaller(other.id).workspace.estimates.listEstimates({});
    expect(theirs.items.map((item) => item.id)).to.deep.equal([foreign.estimate]);
    await expectAppError(
      tenantCaller(other.id).workspace.estimates.listEstimates({ customer_id: f.customer }),
      'RESOURCE_NOT_FOUND',
    );
  });
});
