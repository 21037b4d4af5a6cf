import { expect } from 'chai';
import { listProcedures } from '../../core/procedures/introspection.ts';
import { appRouter } from '../../core/routers/_app.ts';

/**
 * Pins what the reference reads of a procedure's base (core/procedures/meta.ts, BaseMeta): the base
 * procedures' meta reaches every procedure built on them, merged with the procedure's own.
 */
describe('base meta (which budget counts a procedure, whether outsiders reach it)', () => {
  const entry = (path: string) => listProcedures(appRouter).find((candidate) => candidate.path === path)!;

  it("carries the base's budget beside the procedure's own meta", () => {
    const listOpportunities = entry('government.listOpportunities');
    expect(listOpportunities.meta?.base).to.deep.equal({ budget: 'government' });
    expect(listOpportunities.meta?.openapi?.path).to.be.a('string');
    expect(entry('blog.getPost').meta?.base?.budget).to.not.equal('government');
  });

  it('marks the procedures only the system caller reaches', () => {
    expect(entry('protocols.oauth.grants.revokeGrant').meta?.base).to.deep.equal({ systemOnly: true });
    expect(entry('government.listOpportunities').meta?.base?.systemOnly).to.equal(undefined);
  });
});
