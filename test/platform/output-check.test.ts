import { expect } from 'chai';
import { z } from 'zod';
import { publicProcedure, skipOutputReparse } from '../../core/trpc.ts';
import { checkUnparsedOutput, unparsedProcedures } from '../helpers/output-check.ts';

describe('answers the service does not re-parse (skipOutputReparse)', () => {
  it('are the public content reads, and only those', () => {
    expect(unparsedProcedures().sort()).to.deep.equal(
      [
        'blog.listCategories',
        'blog.getPost',
        'blog.listPosts',
        'blog.getSitemap',
        'directory.getFilterOptions',
        'directory.getListing',
        'directory.listListings',
        'government.getFilterOptions',
        'government.getOpportunity',
        'government.listOpportunities',
        'government.getSitemap',
      ].sort(),
    );
  });

  it('are checked by the tests instead: a field the schema does not declare, a wrong type or a missing field fails', () => {
    const url = 'http://127.0.0.1:1/api/v1/directory/public/filter-options';
    const valid = { data: { industries: [{ key: 'hvac', label: 'HVAC', count: 2 }], metros: [], postal_codes: [] } };
    expect(() => checkUnparsedOutput('GET', url, 200, valid)).not.to.throw();
    const extra = { data: { ...valid.data, secret: 'x' } };
    expect(() => checkUnparsedOutput('GET', url, 200, extra)).to.throw(/does not declare/);
    const wrongType = { data: { ...valid.data, metros: 'none' } };
    expect(() => checkUnparsedOutput('GET', url, 200, wrongType)).to.throw(/outside its output schema/);
    expect(() => checkUnparsedOutput('GET', url, 200, {})).to.throw(/outside its output schema/);
    // Errors, other methods and other paths are not this check's business.
    expect(() => checkUnparsedOutput('GET', url, 404, extra)).not.to.throw();
    expect(() => checkUnparsedOutput('GET', 'http://127.0.0.1:1/api/health', 200, extra)).not.to.throw();
  });

  it('refuses a procedure without exactly one output validator, at definition time', () => {
    const withoutOutput = publicProcedure.query(() => 'x');
    expect(() => skipOutputReparse(withoutOutput)).to.throw(/expected one output validator, found 0/);
    const once = skipOutputReparse(publicProcedure.output(z.string()).query(() => 'x'));
    expect(() => skipOutputReparse(once)).to.throw(/found 0/);
  });
});
