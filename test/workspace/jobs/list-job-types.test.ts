import { expect } from 'chai';
import { allPages } from '../../helpers/cursor-pages.ts';
import { expectAppError, tenantCaller } from '../../helpers/workspace.ts';
import { buildReadWorld, forgedCursors, type ReadWorld } from './fixtures.ts';

describe('workspace: list-job-types', () => {
  let w: ReadWorld;
  before(async () => {
    w = await buildReadWorld();
  });

  it("lists the business's job types by name with durations, across pages", async () => {
    const types = await tenantCaller(w.business.id).workspace.jobs.listJobTypes({});
    expect(types).to.deep.equal({
      items: [
        { id: w.install, name: 'Install', description: 'New equipment', default_duration_minutes: 240, color: null },
        { id: w.repair, name: 'Repair', description: null, default_duration_minutes: 120, color: null },
        { id: w.tuneUp, name: 'Tune-up', description: null, default_duration_minutes: 60, color: '#00ff00' },
      ],
      next_cursor: null,
    });
    for (const limit of [1, 2]) {
      const pages = await allPages((cursor) =>
        tenantCaller(w.business.id).workspace.jobs.listJobTypes({ limit, cursor }),
      );
      expect(pages.flat().map((type) => type.id)).to.deep.equal([w.install, w.repair, w.tuneUp]);
      expect(pages).to.have.length(Math.ceil(3 / limit));
    }
  });

  it('shows each business only its own types and refuses forged cursors', async () => {
    expect((await tenantCaller(w.twin.id).workspace.jobs.listJobTypes({})).items.map((type) => type.id)).to.deep.equal([
      w.twinIds.jobType,
    ]);
    for (const cursor of forgedCursors)
      await expectAppError(tenantCaller(w.business.id).workspace.jobs.listJobTypes({ cursor }), 'VALIDATION_FAILED');
  });
});
