import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { allPages } from '../../helpers/cursor-pages.ts';
import { expectAppError, tenantCaller } from '../../helpers/workspace.ts';
import { buildReadWorld, forgedCursors, impossibleInstantCursor, type ReadWorld } from './fixtures.ts';

describe('workspace: list-job-line-items, list-job-notes, list-job-attachments', () => {
  let w: ReadWorld;
  before(async () => {
    w = await buildReadWorld();
  });

  const jobs = (businessId: string) => tenantCaller(businessId).workspace.jobs;

  it('list-job-line-items: the lines in position order, exactly, across pages', async () => {
    const all = await jobs(w.business.id).listJobLineItems({ job_id: w.jobs.j1 });
    expect(all.next_cursor).to.equal(null);
    expect(all.items.map(({ id: _id, ...line }) => line)).to.deep.equal([
      {
        position: 1,
        kind: 'service',
        name: 'Diagnostic',
        description: null,
        quantity: 1,
        unit_price_minor: 8_900,
        taxable: true,
        amount_minor: 8_900,
        price_book_item_id: null,
      },
      {
        position: 2,
        kind: 'material',
        name: 'Capacitor',
        description: null,
        quantity: 2,
        unit_price_minor: 1_250,
        taxable: true,
        amount_minor: 2_500,
        price_book_item_id: null,
      },
      {
        position: 3,
        kind: 'custom',
        name: 'Labour',
        description: null,
        quantity: 1.5,
        unit_price_minor: 12_000,
        taxable: false,
        amount_minor: 18_000,
        price_book_item_id: null,
      },
    ]);
    const pages = await allPages((cursor) =>
      jobs(w.business.id).listJobLineItems({ job_id: w.jobs.j1, limit: 2, cursor }),
    );
    expect(pages.map((page) => page.map((line) => line.name))).to.deep.equal([['Diagnostic', 'Capacitor'], ['Labour']]);
    expect(await jobs(w.business.id).listJobLineItems({ job_id: w.jobs.j3 })).to.deep.equal({
      items: [],
      next_cursor: null,
    });
  });

  it('list-job-notes: oldest first with author, across pages', async () => {
    const all = await jobs(w.business.id).listJobNotes({ job_id: w.jobs.j1 });
    expect(all.items.map(({ id: _id, ...note }) => note)).to.deep.equal([
      { author_name: 'Tess', team_member_id: w.tess, body: 'Gate code 1234', created_at: '2026-11-02T10:00:00.000Z' },
      { author_name: 'Office', team_member_id: null, body: 'Called ahead', created_at: '2026-11-02T11:00:00.000Z' },
      {
        author_name: 'Tess',
        team_member_id: w.tess,
        body: 'Capacitor swollen',
        created_at: '2026-11-03T16:00:00.000Z',
      },
    ]);
    for (const limit of [1, 2]) {
      const pages = await allPages((cursor) => jobs(w.business.id).listJobNotes({ job_id: w.jobs.j1, limit, cursor }));
      expect(pages.flat().map((note) => note.id)).to.deep.equal(all.items.map((note) => note.id));
    }
  });

  it('list-job-attachments: metadata only, oldest first, across pages', async () => {
    const all = await jobs(w.business.id).listJobAttachments({ job_id: w.jobs.j1 });
    expect(all.items.map(({ id: _id, ...file }) => file)).to.deep.equal([
      {
        file_name: 'before.jpg',
        content_type: 'image/jpeg',
        size_bytes: 123_456,
        uploaded_by: 'Tess',
        created_at: '2026-11-03T15:10:00.000Z',
      },
      {
        file_name: 'after.jpg',
        content_type: 'image/jpeg',
        size_bytes: 234_567,
        uploaded_by: 'Tess',
        created_at: '2026-11-03T16:30:00.000Z',
      },
      {
        file_name: 'signed.pdf',
        content_type: 'application/pdf',
        size_bytes: 5_000_000_000,
        uploaded_by: null,
        created_at: '2026-11-05T17:00:00.000Z',
      },
    ]);
    expect(JSON.stringify(all)).not.to.contain('secret/key');
    const pages = await allPages((cursor) =>
      jobs(w.business.id).listJobAttachments({ job_id: w.jobs.j1, limit: 2, cursor }),
    );
    expect(pages.map((page) => page.map((file) => file.file_name))).to.deep.equal([
      ['before.jpg', 'after.jpg'],
      ['signed.pdf'],
    ]);
  });

  it('answer unknown jobs and jobs of another business as not found, and refuse malformed ids and forged cursors', async () => {
    const caller = jobs(w.business.id);
    const calls = [caller.listJobLineItems, caller.listJobNotes, caller.listJobAttachments] as const;
    for (const call of calls) {
      await expectAppError(call({ job_id: randomUUID() }), 'RESOURCE_NOT_FOUND');
      await expectAppError(call({ job_id: w.twinIds.job }), 'RESOURCE_NOT_FOUND');
      await expectAppError(call({ job_id: 'nope' }), 'VALIDATION_FAILED');
      for (const cursor of forgedCursors)
        await expectAppError(call({ job_id: w.jobs.j1, cursor }), 'VALIDATION_FAILED');
    }
    for (const call of [caller.listJobNotes, caller.listJobAttachments])
      await expectAppError(call({ job_id: w.jobs.j1, cursor: impossibleInstantCursor }), 'VALIDATION_FAILED');
    const twin = jobs(w.twin.id);
    await expectAppError(twin.listJobLineItems({ job_id: w.jobs.j1 }), 'RESOURCE_NOT_FOUND');
    await expectAppError(twin.listJobNotes({ job_id: w.jobs.j1 }), 'RESOURCE_NOT_FOUND');
    await expectAppError(twin.listJobAttachments({ job_id: w.jobs.j1 }), 'RESOURCE_NOT_FOUND');
    expect((await twin.listJobNotes({ job_id: w.twinIds.job })).items.map((note) => note.body)).to.deep.equal([
      'Twin note',
    ]);
    expect(
      (await twin.listJobAttachments({ job_id: w.twinIds.job })).items.map((file) => file.file_name),
    ).to.deep.equal(['twin.jpg']);
    expect((await twin.listJobLineItems({ job_id: w.twinIds.job })).items.map((line) => line.name)).to.deep.equal([
      'Twin line',
    ]);
  });
});
