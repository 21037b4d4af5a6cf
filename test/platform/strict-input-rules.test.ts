import { expect } from 'chai';
import { z } from 'zod';
import { inputRules, refuseUnexpectedInput } from '../../adapters/http/strict-input.ts';
import { closestName } from '../../core/errors/closest-name.ts';
import { AppError } from '../../core/errors/index.ts';

function refusal(run: () => void): { message: string; details: Array<Record<string, unknown>> } {
  try {
    run();
  } catch (error) {
    expect(error).to.be.instanceOf(AppError);
    const body = (error as AppError).toErrorMessage();
    expect(body.code).to.equal('VALIDATION_FAILED');
    return { message: body.message, details: body.details ?? [] };
  }
  throw new Error('expected a refusal');
}

/** The rules read from a schema, for shapes no REST operation has today (nested objects, open members). */
describe('strict input rules (adapters/http/strict-input.ts)', () => {
  const schema = z.object({
    id: z.string(),
    name: z.string().optional(),
    address: z.object({ street: z.string(), city: z.string() }).optional(),
    lines: z.array(z.object({ sku: z.string() })).optional(),
    extra: z.looseObject({ kind: z.string() }).optional(),
  });
  const rules = inputRules(schema, '/things/{id}', true);

  it('names unknown members of nested closed objects and list items by their dotted path', () => {
    const refused = refusal(() =>
      refuseUnexpectedInput(rules, '', {
        address: { street: 'a', citty: 'b' },
        lines: [{ sku: 'x' }, { sku: 'y', qty: 2 }],
      }),
    );
    expect(refused.details.map((detail) => detail.parameter)).to.deep.equal(['address.citty', 'lines.1.qty']);
    expect(refused.details[0]!.message).to.equal(
      'Unknown body field "address.citty". Did you mean "city"? "address" takes street, city.',
    );
  });

  it('leaves open objects alone, and refuses a path parameter sent in the body', () => {
    expect(() => refuseUnexpectedInput(rules, '', { extra: { kind: 'a', anything: 1 } })).not.to.throw();
    const refused = refusal(() => refuseUnexpectedInput(rules, '', { id: 'other' }));
    expect(refused.message).to.equal(
      '"id" is a path parameter of this operation: put it in the path, not in the body.',
    );
  });

  it('lets a list parameter repeat and refuses a scalar one given twice', () => {
    const query = inputRules(
      z.object({ tag: z.array(z.string()).optional(), page: z.string().optional() }),
      '/x',
      false,
    );
    expect(() => refuseUnexpectedInput(query, 'tag=a&tag=b', undefined)).not.to.throw();
    expect(refusal(() => refuseUnexpectedInput(query, 'page=1&page=2&page=3', undefined)).message).to.equal(
      'Query parameter "page" was given 3 times; give it once.',
    );
  });
});

describe('closestName', () => {
  const known = ['industry', 'per_page', 'postal_code', 'q', 'metro'];

  it('suggests within a third of the length, and case or separator slips', () => {
    expect(closestName('industy', known)).to.equal('industry');
    expect(closestName('perPage', known)).to.equal('per_page');
    expect(closestName('postal-code', known)).to.equal('postal_code');
    expect(closestName('metr0', known)).to.equal('metro');
  });

  it('suggests nothing for short or distant names, and nothing for a name of any length beyond 64', () => {
    expect(closestName('_', known)).to.equal(undefined);
    expect(closestName('zz', known)).to.equal(undefined);
    expect(closestName('category', known)).to.equal(undefined);
    expect(closestName('industry'.repeat(10_000), known)).to.equal(undefined);
  });
});
