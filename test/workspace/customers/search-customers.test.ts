import { expect } from 'chai';
import { createTestBusiness, expectAppError, tenantCaller, type TestBusiness } from '../../helpers/workspace.ts';
import { addCustomer, forgedCursor } from './fixtures.ts';

describe('workspace: search-customers', () => {
  let business: TestBusiness;
  let other: TestBusiness;
  const ids: Record<string, string> = {};

  before(async () => {
    business = await createTestBusiness();
    other = await createTestBusiness();
    ids.maria = await addCustomer(business, {
      name: 'Maria Garcia',
      email: 'maria@example.com',
      phone: '(512) 555-0100',
      line1: '12 Oak St',
      city: 'Austin',
      postalCode: '78701',
    });
    ids.mario = await addCustomer(business, {
      name: 'Mario Rossi',
      email: 'mario@example.com',
      phone: '512-555-0199',
      city: 'Round Rock',
    });
    ids.ana = await addCustomer(business, {
      name: 'Ana Lopez',
      email: 'ana.garcia@example.com',
      city: 'Austin',
      status: 'inactive',
    });
    ids.bob = await addCustomer(business, {
      name: 'Bob Smith',
      companyName: 'Acme Heating',
      email: 'bob@example.com',
      phone: '+1 737 555 0123',
      line1: '500 Garcia Blvd',
    });
    ids.pat = await addCustomer(business, { name: 'Pat Doe', companyName: 'Garcia', email: 'pat@example.com' });
    // The same people in another business: never part of the first one's answers.
    ids.foreignMaria = await addCustomer(other, {
      name: 'Maria Garcia',
      email: 'maria@example.com',
      phone: '(512) 555-0100',
      city: 'Austin',
    });
    ids.foreignGarcia = await addCustomer(other, { name: 'Garcia', email: 'garcia@example.com' });
  });

  const search = async (query: string, limit = 100) =>
    (await tenantCaller(business.id).workspace.customers.searchCustomers({ query, limit })).items;
  const found = async (query: string) => (await search(query)).map((item) => [item.id, item.match]);

  it('ranks an exact e-mail first, in any letter case', async () => {
    const items = await search('MARIA@example.com');
    expect([items[0]!.id, items[0]!.match]).to.deep.equal([ids.maria, 'exact_contact']);
    expect(items[0]).to.deep.equal({
      id: ids.maria,
      name: 'Maria Garcia',
      company_name: null,
      email: 'maria@example.com',
      phone: '(512) 555-0100',
      status: 'active',
      address: { line1: '12 Oak St', line2: null, city: 'Austin', region: null, postal_code: '78701', country: null },
      tags: [],
      created_at: '2026-01-01T00:00:00.000Z',
      match: 'exact_contact',
    });
  });

  it('finds a phone number in any formatting, with or without the country code', async () => {
    for (const query of ['5125550100', '512-555-0100', '(512) 555-0100', '+1 512 555 0100', '512.555.0100']) {
      const items = await search(query);
      expect([items[0]!.id, items[0]!.match], query).to.deep.equal([ids.maria, 'exact_contact']);
    }
    // Stored with +1, asked without.
    expect((await search('737-555-0123'))[0]).to.deep.include({ id: ids.bob, match: 'exact_contact' });
    // Part of a number: its digits are contained in the phone's.
    expect(await found('555-01')).to.deep.include.members([
      [ids.maria, 'contains'],
      [ids.mario, 'contains'],
    ]);
    // A phone number is matched by its digits only, never by spelling: one digit off is another number
    // (as text, it shares 10 of its 12 trigrams with Maria's).
    expect(await found('512-555-0109')).to.deep.equal([]);
  });

  it('orders exact name or company, then word prefixes, then containment (ties by name)', async () => {
    // "garcia": Pat Doe's company is exactly Garcia; "Maria Garcia" has a word starting with it;
    // Ana Lopez (e-mail ana.garcia@) and Bob Smith (500 Garcia Blvd) only contain it: equal closeness, so by name.
    expect(await found('garcia')).to.deep.equal([
      [ids.pat, 'exact_name'],
      [ids.maria, 'prefix'],
      [ids.ana, 'contains'],
      [ids.bob, 'contains'],
    ]);
    // Both names start with "mari"; equally close, so by name.
    expect((await found('mari')).slice(0, 2)).to.deep.equal([
      [ids.maria, 'prefix'],
      [ids.mario, 'prefix'],
    ]);
    expect(await found('acme')).to.deep.equal([[ids.bob, 'prefix']]);
  });

  it('matches each word of a query, addresses and postal codes', async () => {
    expect(await found('maria austin')).to.deep.equal([[ids.maria, 'contains']]);
    expect(await found('78701')).to.deep.equal([[ids.maria, 'contains']]);
    expect(await found('round rock')).to.deep.equal([[ids.mario, 'contains']]);
  });

  it('finds misspellings by trigram similarity, after every closer match', async () => {
    // word_similarity("garciaa", …garcia…) = 6 shared trigrams / 8 = 0.75 for all four: by name.
    expect(await found('Garciaa')).to.deep.equal([
      [ids.ana, 'similar'],
      [ids.bob, 'similar'],
      [ids.maria, 'similar'],
      [ids.pat, 'similar'],
    ]);
  });

  it('finds a query of several words by the close spelling of each, wherever the words stand', async () => {
    // Maria's name and city are apart in her text: as one phrase "maria austn" is close to no stretch
    // of it. Word by word, "maria" is in it and "austn" shares 4 of its 6 trigrams with "austin".
    expect(await found('maria austn')).to.deep.equal([[ids.maria, 'similar']]);
    // A word shorter than a trigram has no spelling to be close to: it must be contained ("ma" of Maria).
    expect(await found('ma austn')).to.deep.equal([[ids.maria, 'similar']]);
    // Every word must be close: Ana lives in Austin but no word of her text is close to "maria".
    expect(await found('mraia austn')).to.deep.equal([]);
    expect(await found('zq xw')).to.deep.equal([]);
  });

  it('matches a 2-character query by prefix and containment only, by name inside a tier, and pages over it', async () => {
    // "ga": a word of Maria Garcia's name and Pat's company "Garcia" start with it (prefix); Ana's e-mail
    // and Bob's street contain it. No close spellings for a text shorter than a trigram.
    const expected = [
      [ids.maria, 'prefix'],
      [ids.pat, 'prefix'],
      [ids.ana, 'contains'],
      [ids.bob, 'contains'],
    ];
    expect(await found('ga')).to.deep.equal(expected);
    const caller = tenantCaller(business.id);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await caller.workspace.customers.searchCustomers({ query: 'ga', limit: 3, cursor });
      seen.push(...page.items.map((item) => item.id));
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    expect(seen).to.deep.equal(expected.map(([id]) => id));
  });

  it('finds nothing for unrelated text, and treats LIKE wildcards literally', async () => {
    expect(await search('zzqq')).to.deep.equal([]);
    expect(await search('%%')).to.deep.equal([]);
    expect(await search('__')).to.deep.equal([]);
  });

  it('never answers customers of another business', async () => {
    for (const query of ['maria', 'maria@example.com', '(512) 555-0100', 'garcia', 'Garciaa']) {
      const seen = (await search(query)).map((item) => item.id);
      expect(seen).not.to.include(ids.foreignMaria);
      expect(seen).not.to.include(ids.foreignGarcia);
    }
    expect(
      (await tenantCaller(other.id).workspace.customers.searchCustomers({ query: 'maria' })).items.map(
        (item) => item.id,
      ),
    ).to.deep.equal([ids.foreignMaria]);
  });

  it('paginates over the ranking without duplicates or gaps', async () => {
    const all = (await search('example.com')).map((item) => item.id);
    expect(all).to.have.members([ids.maria, ids.mario, ids.ana, ids.bob, ids.pat]);
    const caller = tenantCaller(business.id);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await caller.workspace.customers.searchCustomers({ query: 'example.com', limit: 2, cursor });
      seen.push(...page.items.map((item) => item.id));
      cursor = page.next_cursor ?? undefined;
      pages += 1;
    } while (cursor);
    expect(pages).to.equal(3);
    expect(seen).to.deep.equal(all);
  });

  it('validates the query and the cursor', async () => {
    const caller = tenantCaller(business.id);
    for (const query of ['m', '  m  ', 'x'.repeat(201), 'ma\u0000ria']) {
      await expectAppError(caller.workspace.customers.searchCustomers({ query }), 'VALIDATION_FAILED');
    }
    await expectAppError(
      caller.workspace.customers.searchCustomers({ query: 'maria', cursor: forgedCursor }),
      'VALIDATION_FAILED',
    );
    await expectAppError(
      caller.workspace.customers.searchCustomers({ query: 'maria', cursor: 'not base64 at all!' }),
      'VALIDATION_FAILED',
    );
    const listCursor = (await caller.workspace.customers.listCustomers({ limit: 1 })).next_cursor!;
    await expectAppError(
      caller.workspace.customers.searchCustomers({ query: 'maria', cursor: listCursor }),
      'VALIDATION_FAILED',
    );
  });
});
