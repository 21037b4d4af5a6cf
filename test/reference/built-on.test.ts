import { expect } from 'chai';
import { isBuiltOn, listProcedures } from '../../core/procedures/introspection.ts';
import { appRouter } from '../../core/routers/_app.ts';
import { governmentProcedure, publicProcedure, systemProcedure } from '../../core/trpc.ts';

/** Pins what the reference reads of tRPC's internals: a base builder's middlewares begin the procedure's. */
describe('isBuiltOn (introspection: which base a procedure was built on)', () => {
  const entry = (path: string) => listProcedures(appRouter).find((candidate) => candidate.path === path)!;

  it('sees the base builder whose middlewares begin the procedure', () => {
    expect(isBuiltOn(entry('government.listOpportunities'), governmentProcedure)).to.equal(true);
    expect(isBuiltOn(entry('blog.getPost'), governmentProcedure)).to.equal(false);
    expect(isBuiltOn(entry('infrastructure.idempotency.sweepExpired'), systemProcedure)).to.equal(true);
    expect(isBuiltOn(entry('government.listOpportunities'), systemProcedure)).to.equal(false);
  });

  it('counts a base without middlewares as the start of every procedure', () => {
    expect(isBuiltOn(entry('infrastructure.idempotency.sweepExpired'), publicProcedure)).to.equal(true);
  });
});
