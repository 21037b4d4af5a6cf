import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { createTestBusiness, expectAppError, fixtureEm, tenantCaller, type TestBusiness } from '../../helpers/workspace.ts';

async function addReview(business: TestBusiness, rating: number, reviewedAt: string, customerId: string | null = null): Promise<string> {
  const id = randomUUID();
  await fixtureEm()
    .getConnection()
    .execute('insert into reviews (id, business_id, customer_id, rating, comment, reviewer_name, source, reviewed_at) values (?, ?, ?, ?, ?, ?, ?, ?)', [
      id, business.id, customerId, rating, `Rated ${rating}`, 'Reviewer', 'google', reviewedAt,
    ]);
  return id;
}

describe('workspace: reviews', () => {
  let business: TestBusiness;
  const ids: Record<string, string> = {};

  before(async () => {
    // Los Angeles: 2026-11-10 starts at 08:00Z.
    business = await createTestBusiness({ timeZone: 'America/Los_Angeles' });
    const other = await createTestBusiness();
    const customer = randomUUID();
    await fixtureEm().getConnection().execute('insert into customers (id, business_id, name) values (?, ?, ?)', [customer, business.id, 'Rita Reviewer']);
    ids.customer = customer;
    ids.early = await addReview(business, 5, '2026-11-10T07:59:00Z'); // 2026-11-09 23:59 local
    ids.midnight = await addReview(business, 2, '2026-11-10T08:00:00Z', customer); // 2026-11-10 00:00 local
    ids.later = await addReview(business, 4, '2026-11-12T12:00:00Z');
    ids.foreign = await addReview(other, 1, '2026-11-13T12:00:00Z');
  });

  it('lists newest first with the customer when known', async () => {
    const page = await tenantCaller(business.id).workspace.reviews.listReviews({});
    expect(page.items.map((review) => review.id)).to.deep.equal([ids.later, ids.midnight, ids.early]);
    expect(page.items[1]).to.deep.equal({
      id: ids.midnight, rating: 2, comment: 'Rated 2', reviewer_name: 'Reviewer', source: 'google', customer: { id: ids.customer, name: 'Rita Reviewer' },
      job_id: null, reviewed_at: '2026-11-10T08:00:00.000Z',
    });
  });

  it('filters by rating_min and by local date_from, and pages', async () => {
    const caller = tenantCaller(business.id);
    expect((await caller.workspace.reviews.listReviews({ rating_min: 4 })).items.map((review) => review.id)).to.deep.equal([ids.later, ids.early]);
    expect((await caller.workspace.reviews.listReviews({ date_from: '2026-11-10' })).items.map((review) => review.id)).to.deep.equal([ids.later, ids.midnight]);
    const first = await caller.workspace.reviews.listReviews({ limit: 2 });
    const second = await caller.workspace.reviews.listReviews({ limit: 2, cursor: first.next_cursor! });
    expect(second).to.deep.include({ next_cursor: null });
    expect(second.items.map((review) => review.id)).to.deep.equal([ids.early]);
    await expectAppError(caller.workspace.reviews.listReviews({ rating_min: 6 }), 'VALIDATION_FAILED');
    await expectAppError(caller.workspace.reviews.listReviews({ date_from: '2026-13-01' }), 'VALIDATION_FAILED');
  });
});
