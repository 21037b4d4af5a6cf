import { expect } from 'chai';
import { expectErrorMessage, request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { ucpAgentHeaders } from '../helpers/ucp-checkout.ts';

type Json = Record<string, any>;

async function refusal(path: string, init: RequestInit = {}): Promise<Json> {
  const response = await request(`${service().url}/api${path}`, init);
  expectErrorMessage(response, 400, 'VALIDATION_FAILED');
  return response.body as Json;
}

/** Every validation message in the house style: what was expected (with the bounds), what was received. */
describe('validation messages', () => {
  it('an enum lists the allowed values readably and quotes what was received', async () => {
    const body = await refusal('/v1/directory/public?sort=best');
    expect(body.details).to.deep.equal([
      {
        parameter: 'sort',
        code: 'invalid_value',
        message: 'expected one of rating_desc, rating_asc, reviews_desc, name_asc; received "best"',
        path: ['sort'],
      },
    ]);
    expect(body.message).to.equal(
      'Invalid parameter "sort": expected one of rating_desc, rating_asc, reviews_desc, name_asc; received "best"',
    );
  });

  it('a string too long says the bound and the length received', async () => {
    const body = await refusal(`/v1/directory/public?q=${'x'.repeat(250)}`);
    expect(body.details[0].message).to.equal('expected at most 200 characters, received 250');
  });

  it('a number out of range says the range and the value received', async () => {
    expect((await refusal('/v1/directory/public?per_page=100')).details[0].message).to.equal(
      'expected a whole number from 1 to 50, received 100',
    );
    expect((await refusal('/v1/directory/public?per_page=ten')).details[0].message).to.equal(
      'expected a whole number from 1 to 50, received text that is not a number',
    );
  });

  it('a repeated per_page says it was given twice, not that a whole number was expected', async () => {
    const body = await refusal('/v1/directory/public?per_page=10&per_page=20');
    expect(body.details).to.have.length(1);
    expect(body.details[0]).to.include({
      parameter: 'per_page',
      message: 'Query parameter "per_page" was given 2 times; give it once.',
    });
  });

  it('a list where text was expected says so (a JSON body)', async () => {
    const body = await refusal('/v1/agent/ucp/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(await ucpAgentHeaders()) },
      body: JSON.stringify({ buyer: { email: ['a@example.com', 'b@example.com'] } }),
    });
    expect(body.details).to.deep.equal([
      {
        parameter: 'buyer.email',
        code: 'invalid_type',
        message: 'expected text, received a list of 2',
        path: ['buyer', 'email'],
      },
    ]);
  });

  it('one entry per problem: two failed checks with one message, or one contradiction between two names, are one entry', async () => {
    const state = await refusal('/v1/government-opportunities/public?state=T1X');
    expect(state.details).to.have.length(1);
    expect(state.details[0]).to.include({ parameter: 'state' });
    const contradiction = await refusal('/v1/directory/public?zip=78701&postal_code=78702');
    expect(contradiction.details).to.have.length(1);
    expect(contradiction.details[0].message).to.equal(
      'zip and postal_code mean the same filter, and were given different values ("78701" and "78702"); give one, or both with the same value',
    );
  });

  it('a malformed path identifier says what it expected and what it got', async () => {
    const body = await refusal('/v1/blog/media/not-a-uuid');
    expect(body.details[0].message).to.equal(
      'expected a UUID such as 3f2b8c4e-1d2a-4c3b-9e8f-0a1b2c3d4e5f, received "not-a-uuid"',
    );
  });
});
