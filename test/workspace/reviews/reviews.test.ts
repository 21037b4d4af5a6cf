import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { encodeCursor } from '../../../core/services/workspace/cursor.ts';
import { walk } from '../../helpers/cursor-pages.ts';
import { sql } from '../../helpers/sql.ts';
import { createTestBusiness, expectAppError, tenantCaller, type TestBusiness } from '../../helpers/workspace.ts';

interface ReviewFixture {
  rating: number;
  reviewedAt: string;
  comment?: string | null;
  reviewer?: string;
  source?: string;
  customerId?: string;
  jobId?: string;
}

async function addReview(business: TestBusiness, r: ReviewFixture): Promise<string> {
  const id = randomUUID();
  await sql(
    'insert into reviews (id, business_id, customer_id, job_id, rating, comment, reviewer_name, source, reviewed_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    [
      id,
      business.id,
      r.customerId ?? null,
      r.jobId ?? null,
      r.rating,
      r.comment === undefined ? `Rated ${r.rating}` : r.comment,
      r.reviewer ?? 'Reviewer',
      r.source ?? 'google',
      r.reviewedAt,
    ],
  );
  return id;
}

describe('workspace: reviews', () => {
  let business: TestBusiness;
  let other: TestBusiness;
  const ids: Record<string, string> = {};
  /** reviewed_at desc, id desc. */
  let newestFirst: string[];

  before(async () => {
    // Los Angeles is on PST (UTC-8) in mid-November 2026: local day D starts at D 08:00Z.
    business = await createTestBusiness({ timeZone: 'America/Los_Angeles' });
    other = await createTestBusiness({ timeZone: 'Asia/Tokyo' });
    ids.customer = randomUUID();
    ids.job = randomUUID();
    await sql('insert into customers (id, business_id, name) values (?, ?, ?)', [
      ids.customer,
      business.id,
      'Rita Reviewer',
    ]);
    await sql(
      "insert into jobs (id, business_id, number, customer_id, title, currency) values (?, ?, 1, ?, 'Furnace repair', 'USD')",
      [ids.job, business.id, ids.customer],
    );

    ids.early = await addReview(business, {
      rating: 5,
      reviewedAt: '2026-11-10T07:59:00Z',
      comment: 'Great',
      reviewer: 'Sam P.',
    }); // 11-09 23:59 local
    ids.midnight = await addReview(business, {
      rating: 2,
      reviewedAt: '2026-11-10T08:00:00Z',
      comment: null,
      reviewer: 'Rita',
      source: 'internal',
      customerId: ids.customer,
      jobId: ids.job,
    }); // 11-10 00:00 local
    // Same millisecond, ordered by microseconds.
    ids.microA = await addReview(business, { rating: 1, reviewedAt: '2026-11-11T09:00:00.000001Z', source: 'yelp' }); // 11-11 01:00 local
    ids.microB = await addReview(business, {
      rating: 3,
      reviewedAt: '2026-11-11T09:00:00.000002Z',
      source: 'facebook',
    });
    // The same instant: the id breaks the tie.
    ids.tieA = await addReview(business, { rating: 3, reviewedAt: '2026-11-11T10:00:00Z', source: 'other' });
    ids.tieB = await addReview(business, { rating: 3, reviewedAt: '2026-11-11T10:00:00Z', source: 'other' });
    ids.later = await addReview(business, { rating: 4, reviewedAt: '2026-11-12T12:00:00Z', source: 'yelp' });
    const ties = [ids.tieA, ids.tieB].sort().reverse();
    newestFirst = [ids.later, ...ties, ids.microB, ids.microA, ids.midnight, ids.early];

    // The other business, with reviews interleaved in time and every rating.
    const foreignCustomer = randomUUID();
    await sql('insert into customers (id, business_id, name) values (?, ?, ?)', [
      foreignCustomer,
      other.id,
      'Rita Reviewer',
    ]);
    ids.foreign = await addReview(other, {
      rating: 5,
      reviewedAt: '2026-11-13T12:00:00Z',
      customerId: foreignCustomer,
    });
    for (const [rating, at] of [
      [1, '2026-11-10T09:00:00Z'],
      [4, '2026-11-11T10:00:00Z'],
    ] as const)
      await addReview(other, { rating, reviewedAt: at });
  });

  it('lists newest first, with the customer and job when known', async () => {
    const page = await tenantCaller(business.id).workspace.reviews.listReviews({});
    expect(page.items.map((review) => review.id)).to.deep.equal(newestFirst);
    expect(page.next_cursor).to.equal(null);
    expect(page.items[5]).to.deep.equal({
      id: ids.midnight,
      rating: 2,
      comment: null,
      reviewer_name: 'Rita',
      source: 'internal',
      customer: { id: ids.customer, name: 'Rita Reviewer' },
      job_id: ids.job,
      reviewed_at: '2026-11-10T08:00:00.000Z',
    });
    expect(page.items[6]).to.deep.equal({
      id: ids.early,
      rating: 5,
      comment: 'Great',
      reviewer_name: 'Sam P.',
      source: 'google',
      customer: null,
      job_id: null,
      reviewed_at: '2026-11-10T07:59:00.000Z',
    });
    expect(page.items.map((review) => review.source)).to.deep.equal([
      'yelp',
      'other',
      'other',
      'facebook',
      'yelp',
      'internal',
      'google',
    ]);
  });

  it('filters by rating_min', async () => {
    const list = (rating_min: number) =>
      tenantCaller(business.id)
        .workspace.reviews.listReviews({ rating_min })
        .then((page) => page.items.map((review) => review.id));
    expect(await list(1)).to.deep.equal(newestFirst);
    expect(await list(3)).to.deep.equal(newestFirst.filter((id) => id !== ids.microA && id !== ids.midnight));
    expect(await list(4)).to.deep.equal([ids.later, ids.early]);
    expect(await list(5)).to.deep.equal([ids.early]);
  });

  it('filters by date_from, a day in the business time zone', async () => {
    const list = (input: { date_from: string; rating_min?: number }) =>
      tenantCaller(business.id)
        .workspace.reviews.listReviews(input)
        .then((page) => page.items.map((review) => review.id));
    // 2026-11-10 local starts at 08:00Z: the 07:59Z review is the evening before.
    expect(await list({ date_from: '2026-11-10' })).to.deep.equal(newestFirst.slice(0, 6));
    expect(await list({ date_from: '2026-11-09' })).to.deep.equal(newestFirst);
    // 2026-11-11 local starts at 08:00Z; microA/B (09:00Z) are on it.
    expect(await list({ date_from: '2026-11-11' })).to.deep.equal(newestFirst.slice(0, 5));
    expect(await list({ date_from: '2026-11-12' })).to.deep.equal([ids.later]);
    expect(await list({ date_from: '2026-11-13' })).to.deep.equal([]);
    expect(await list({ date_from: '2026-11-11', rating_min: 3 })).to.deep.equal(newestFirst.slice(0, 4));
    // PostgreSQL has no year 0; every review is after it anyway.
    expect(await list({ date_from: '0000-01-01' })).to.deep.equal(newestFirst);
    expect(await list({ date_from: '9999-12-31' })).to.deep.equal([]);
  });

  it('pages without gaps or repeats, through equal milliseconds and equal instants', async () => {
    const caller = tenantCaller(business.id);
    for (const limit of [1, 2, 3, 7]) {
      expect(await walk((cursor) => caller.workspace.reviews.listReviews({ limit, cursor }), limit)).to.deep.equal(
        newestFirst,
      );
    }
    expect(
      await walk((cursor) => caller.workspace.reviews.listReviews({ rating_min: 3, limit: 2, cursor }), 2),
    ).to.deep.equal(newestFirst.filter((id) => id !== ids.microA && id !== ids.midnight));
  });

  it("never shows another business's reviews", async () => {
    const mine = await tenantCaller(business.id).workspace.reviews.listReviews({ limit: 100 });
    expect(mine.items).to.have.length(7);
    expect(mine.items.map((review) => review.id)).not.to.include(ids.foreign);
    const theirs = await tenantCaller(other.id).workspace.reviews.listReviews({ limit: 100 });
    expect(theirs.items).to.have.length(3);
    expect(theirs.items[0]).to.deep.include({ id: ids.foreign, rating: 5 });
    expect(theirs.items.some((review) => newestFirst.includes(review.id))).to.equal(false);
  });

  it('rejects invalid filters and forged cursors as validation errors', async () => {
    const caller = tenantCaller(business.id);
    for (const rating_min of [0, 6, 2.5])
      await expectAppError(caller.workspace.reviews.listReviews({ rating_min }), 'VALIDATION_FAILED');
    for (const date_from of ['2026-13-01', '2026-02-30', '2026-11-10T00:00:00Z', 'yesterday']) {
      await expectAppError(caller.workspace.reviews.listReviews({ date_from }), 'VALIDATION_FAILED');
    }
    const forged = [
      'eHl6',
      encodeCursor(['2026-11-10T08:00:00.000Z', randomUUID()]),
      encodeCursor(['2026-02-30T00:00:00.000000Z', randomUUID()]),
      encodeCursor(['0000-01-01T00:00:00.000000Z', randomUUID()]),
      encodeCursor(['2026-11-10T08:00:00.000000Z']),
      encodeCursor(['rank', 1]),
    ];
    for (const cursor of forged)
      await expectAppError(caller.workspace.reviews.listReviews({ cursor }), 'VALIDATION_FAILED');
  });
});
