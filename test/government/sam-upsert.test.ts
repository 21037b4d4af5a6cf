import { expect } from 'chai';
import { mapSamNotice } from '../../core/services/government/sam/map-notice.ts';
import type { GovernmentOpportunityRecord } from '../../core/services/government/record.ts';
import { upsertOpportunityRecords } from '../../core/services/government/upsert-opportunities.query.ts';
import { service } from '../helpers/root-hooks.ts';
import { deleteByNoticeIds, governmentCaller, knex } from './fixture.ts';
import { documentedNotice } from './sam-notices.ts';

const t0 = new Date('2026-06-01T12:00:00.000Z');
const t1 = new Date('2026-06-02T12:00:00.000Z');
const t2 = new Date('2026-06-03T12:00:00.000Z');

function notice(id: string, overrides: Record<string, unknown> = {}, now = t0): GovernmentOpportunityRecord {
  const mapping = mapSamNotice({ ...documentedNotice(), noticeId: id, ...overrides }, { now });
  expect(mapping.warnings).to.deep.equal([]);
  return mapping.record!;
}

interface StoredRow {
  notice_id: string;
  slug: string;
  title: string;
  naics_display: string | null;
  description_cached: string | null;
  updated_at: Date | string;
  posted_date: Date | string | null;
  status: string;
}

async function stored(id: string): Promise<StoredRow | undefined> {
  const result = (await knex().raw(
    'select notice_id, slug, title, naics_display, description_cached, updated_at, posted_date, status from government_opportunities where notice_id = ?',
    [id],
  )) as { rows: StoredRow[] };
  return result.rows[0];
}

describe('government.upsertOpportunities (SAM.gov notices by notice id)', () => {
  const ids: string[] = [];
  const id = (name: string) => {
    const value = `samupsert${name}`;
    ids.push(value);
    return value;
  };
  const upsert = (records: GovernmentOpportunityRecord[]) =>
    governmentCaller().government.upsertOpportunities({ opportunities: records });

  before(async () => {
    await knex().raw(
      "insert into government_classification_codes (kind, code, label, description) values ('naics', '236220', 'Commercial and Institutional Building Construction', null) on conflict do nothing",
    );
  });
  after(async () => deleteByNoticeIds(ids));

  it('inserts new notices, with naics_display from the stored labels, then finds them unchanged', async () => {
    const a = notice(id('insert-a'));
    const b = notice(id('insert-b'), { naicsCode: '999999', title: 'Another notice' });
    expect(await upsert([a, b])).to.deep.equal({ inserted: 2, updated: 0, unchanged: 0 });
    const row = (await stored(a.notice_id))!;
    expect(row.slug).to.equal(a.slug);
    expect(row.naics_display).to.equal('Commercial and Institutional Building Construction');
    expect((await stored(b.notice_id))!.naics_display).to.equal(null);
    expect(await upsert([a, b])).to.deep.equal({ inserted: 0, updated: 0, unchanged: 2 });
    expect(await upsert([notice(a.notice_id, {}, t1)])).to.deep.equal({ inserted: 0, updated: 0, unchanged: 1 });
    expect(new Date((await stored(a.notice_id))!.updated_at).toISOString()).to.equal(t0.toISOString());
  });

  it('replaces a notice with a newer version, keeping its slug; updated_at moves', async () => {
    const original = notice(id('newer'));
    await upsert([original]);
    const amended = notice(
      original.notice_id,
      { title: 'Historic Office Renovation, Amendment 1', postedDate: '2026-05-10 09:00:00+00' },
      t1,
    );
    expect(amended.slug).not.to.equal(original.slug);
    expect(await upsert([amended])).to.deep.equal({ inserted: 0, updated: 1, unchanged: 0 });
    const row = (await stored(original.notice_id))!;
    expect(row.title).to.equal('Historic Office Renovation, Amendment 1');
    expect(row.slug).to.equal(original.slug);
    expect(new Date(row.updated_at).toISOString()).to.equal(t1.toISOString());
    expect(new Date(row.posted_date!).toISOString()).to.equal('2026-05-10T09:00:00.000Z');
  });

  it('ignores an older version, and applies a changed one posted at the same time', async () => {
    const current = notice(id('older'), { postedDate: '2026-05-10 09:00:00+00' });
    await upsert([current]);
    const older = notice(current.notice_id, { postedDate: '2026-05-01 09:00:00+00', title: 'Stale title' }, t1);
    expect(await upsert([older])).to.deep.equal({ inserted: 0, updated: 0, unchanged: 1 });
    expect((await stored(current.notice_id))!.title).to.equal(current.title);
    const sameTime = notice(current.notice_id, { postedDate: '2026-05-10 09:00:00+00', active: 'No' }, t2);
    expect(await upsert([sameTime])).to.deep.equal({ inserted: 0, updated: 1, unchanged: 0 });
    const row = (await stored(current.notice_id))!;
    expect(row.status).to.equal('inactive');
    expect(new Date(row.updated_at).toISOString()).to.equal(t2.toISOString());
  });

  it('keeps description_cached unless the incoming record carries one', async () => {
    const withText = notice(id('description'), { description: 'The full text.' });
    await upsert([withText]);
    const link = notice(withText.notice_id, { title: 'Renamed' }, t1);
    expect(link.description_cached).to.equal(null);
    expect(await upsert([link])).to.deep.equal({ inserted: 0, updated: 1, unchanged: 0 });
    expect((await stored(withText.notice_id))!.description_cached).to.equal('The full text.');
    const newText = notice(withText.notice_id, { title: 'Renamed', description: 'Amended text.' }, t2);
    expect(await upsert([newText])).to.deep.equal({ inserted: 0, updated: 1, unchanged: 0 });
    expect((await stored(withText.notice_id))!.description_cached).to.equal('Amended text.');
  });

  it('takes the newest of a notice repeated in one batch', async () => {
    const first = notice(id('repeat'), { postedDate: '2026-05-01 09:00:00+00', title: 'First' });
    const second = notice(first.notice_id, { postedDate: '2026-05-02 09:00:00+00', title: 'Second' });
    expect(await upsert([second, first])).to.deep.equal({ inserted: 1, updated: 0, unchanged: 1 });
    expect((await stored(first.notice_id))!.title).to.equal('Second');
  });

  it('gives a notice whose slug another notice holds a deterministic suffix, and never fails the batch', async () => {
    const holder = notice(id('slug-holder'));
    await upsert([holder]);
    const clash = { ...notice(id('slug-clash')), slug: holder.slug };
    const twin = { ...notice(id('slug-twin')), slug: 'sam-upsert-twin-slug' };
    const twinClash = { ...notice(id('slug-twin-clash')), slug: 'sam-upsert-twin-slug' };
    expect(await upsert([clash, twin, twinClash])).to.deep.equal({ inserted: 3, updated: 0, unchanged: 0 });
    const clashSlug = (await stored(clash.notice_id))!.slug;
    expect(clashSlug).to.match(new RegExp(`^${holder.slug}-[0-9a-f]{12}$`));
    expect((await stored(twin.notice_id))!.slug).to.equal('sam-upsert-twin-slug');
    expect((await stored(twinClash.notice_id))!.slug).to.match(/^sam-upsert-twin-slug-[0-9a-f]{12}$/);
    // Deterministic: the same clash resolves to the same slug on another database or run.
    await deleteByNoticeIds([clash.notice_id]);
    await upsert([clash]);
    expect((await stored(clash.notice_id))!.slug).to.equal(clashSlug);
  });

  it('runs on the transaction of the entity manager it is given (the sync commits a page with its watermark)', async () => {
    const record = notice(id('transaction'));
    const em = service().database.orm.em.fork();
    const failure = new Error('rolled back on purpose');
    let counts: unknown;
    try {
      await em.transactional(async (tx) => {
        counts = await upsertOpportunityRecords(tx, [record]);
        throw failure;
      });
    } catch (error) {
      expect(error).to.equal(failure);
    }
    expect(counts).to.deep.equal({ inserted: 1, updated: 0, unchanged: 0 });
    expect(await stored(record.notice_id)).to.equal(undefined);
  });

  it('refuses more than 1,000 records and malformed records, storing nothing', async () => {
    const base = notice(id('refused'));
    const many = Array.from({ length: 1001 }, (_, index) => ({ ...base, notice_id: `${base.notice_id}${index}` }));
    await expectRejection(upsert(many), 'BAD_REQUEST');
    await expectRejection(upsert([{ ...base, slug: 'Not A Slug' }]), 'BAD_REQUEST');
    await expectRejection(upsert([]), 'BAD_REQUEST');
    expect(await stored(base.notice_id)).to.equal(undefined);
  });
});

async function expectRejection(promise: Promise<unknown>, code: string): Promise<void> {
  try {
    await promise;
  } catch (error) {
    expect((error as { code?: string }).code).to.equal(code);
    return;
  }
  expect.fail(`expected ${code}`);
}
