import { expect } from 'chai';
import { accountsCaller } from '../accounts/fixtures.ts';
import { sql } from '../helpers/sql.ts';
import {
  authorizationParameters,
  authorizeEndpoint,
  consentForm,
  createMember,
  expectPage,
  fieldValues,
  redirectParameters,
  registerClient,
  sha256Hex,
  signInToConsent,
  TestBrowser,
} from './authorize-fixtures.ts';

const scopeOfCode = async (code: string) =>
  (
    await sql<{ scope: string }>(
      'select g.scope from oauth_authorization_codes c join oauth_grants g on g.id = c.grant_id where c.code_hash = ?',
      [sha256Hex(code)],
    )
  )[0]?.scope;

/** A user (from createMember) who also has `role` in a business someone else owns. */
async function withRole(
  role: 'owner' | 'admin' | 'member',
  user: { email: string },
): Promise<{ id: string; name: string }> {
  const owner = await createMember();
  await accountsCaller().accounts.addMember({ business: owner.businesses[0]!.id, email: user.email, role });
  return owner.businesses[0]!;
}

describe('GET/POST /api/oauth/authorize: only an owner or admin may grant write scopes', () => {
  const WRITE_REQUEST = 'mcp:read mcp:customers:write mcp:jobs:write';

  it('offers a plain member read access only: write scopes listed as not offered, and a forged write decision is reduced to reads', async () => {
    const owner = await createMember();
    const member = await createMember(0);
    await accountsCaller().accounts.addMember({
      business: owner.businesses[0]!.id,
      email: member.email,
      role: 'member',
    });
    const client = await registerClient({ scope: WRITE_REQUEST });
    const browser = new TestBrowser();
    const consent = await signInToConsent(browser, authorizationParameters(client), member.email);
    expect(fieldValues(consent.text, 'scope')).to.deep.equal([]);
    expect(consent.text).not.to.contain('type="checkbox"');
    expect(consent.text).to.contain('Create customers');
    expect(consent.text.match(/not offered: only an owner or admin of the business can allow this/g)).to.have.length(2);
    expect(consent.text).to.contain('read only: as a member');
    expect(consent.text).not.to.contain('Untick what you do not want to allow.');

    // A forged decision naming the write scopes: the grant carries the reads only.
    const approved = await browser.post(
      authorizeEndpoint(),
      consentForm(consent.text, 'approve', [
        ['business_id', owner.businesses[0]!.id],
        ['scope', 'mcp:customers:write'],
        ['scope', 'mcp:jobs:write'],
      ]),
    );
    const code = redirectParameters(approved, client.redirect_uris[0]!).get('code')!;
    expect(await scopeOfCode(code)).to.equal('mcp:read');
  });

  it('answers access_denied, saying why, to a plain member approving a write-only request', async () => {
    const member = await createMember(0);
    const business = await withRole('member', member);
    const client = await registerClient({ scope: 'mcp:read mcp:jobs:write' });
    const browser = new TestBrowser();
    const parameters = authorizationParameters(client, { scope: 'mcp:jobs:write' });
    const consent = await signInToConsent(browser, parameters, member.email);
    const approved = await browser.post(
      authorizeEndpoint(),
      consentForm(consent.text, 'approve', [
        ['business_id', business.id],
        ['scope', 'mcp:jobs:write'],
      ]),
    );
    const answer = redirectParameters(approved, client.redirect_uris[0]!);
    expect(answer.get('error')).to.equal('access_denied');
    expect(answer.get('error_description')).to.contain('owner or admin');
    expect(answer.get('code')).to.equal(null);
  });

  it('lets an admin grant write scopes as an owner does', async () => {
    const admin = await createMember(0);
    const business = await withRole('admin', admin);
    const client = await registerClient({ scope: WRITE_REQUEST });
    const browser = new TestBrowser();
    const consent = await signInToConsent(browser, authorizationParameters(client), admin.email);
    expect(fieldValues(consent.text, 'scope')).to.deep.equal(['mcp:customers:write', 'mcp:jobs:write']);
    expect(consent.text).not.to.contain('not offered');
    expect(consent.text).not.to.contain('read only');
    const approved = await browser.post(
      authorizeEndpoint(),
      consentForm(consent.text, 'approve', [
        ['business_id', business.id],
        ['scope', 'mcp:jobs:write'],
      ]),
    );
    expect(await scopeOfCode(redirectParameters(approved, client.redirect_uris[0]!).get('code')!)).to.equal(
      'mcp:read mcp:jobs:write',
    );
  });

  it('with an owned business and a member one: offers the writes, marks the member business read-only, and grants reads only there', async () => {
    const user = await createMember(1);
    const memberOf = await withRole('member', user);
    const client = await registerClient({ scope: WRITE_REQUEST });
    const browser = new TestBrowser();
    const consent = await signInToConsent(browser, authorizationParameters(client), user.email);
    expect(fieldValues(consent.text, 'scope')).to.deep.equal(['mcp:customers:write', 'mcp:jobs:write']);
    expect(consent.text.match(/read only: as a member/g)).to.have.length(1);
    expect(consent.text).to.contain('the application gets read access only, whatever is ticked');
    const ticked: Array<[string, string]> = [
      ['scope', 'mcp:customers:write'],
      ['scope', 'mcp:jobs:write'],
    ];

    const inMemberBusiness = await browser.post(
      authorizeEndpoint(),
      consentForm(consent.text, 'approve', [['business_id', memberOf.id], ...ticked]),
    );
    expect(await scopeOfCode(redirectParameters(inMemberBusiness, client.redirect_uris[0]!).get('code')!)).to.equal(
      'mcp:read',
    );
    const inOwnBusiness = await browser.post(
      authorizeEndpoint(),
      consentForm(consent.text, 'approve', [['business_id', user.businesses[0]!.id], ...ticked]),
    );
    expect(await scopeOfCode(redirectParameters(inOwnBusiness, client.redirect_uris[0]!).get('code')!)).to.equal(
      WRITE_REQUEST,
    );
  });

  it('still shows a read-only request to a plain member as before', async () => {
    const member = await createMember(0);
    await withRole('member', member);
    const client = await registerClient({ scope: 'mcp:read' });
    const consent = await signInToConsent(new TestBrowser(), authorizationParameters(client), member.email);
    expectPage(consent, 200, '(always included)');
    expect(consent.text).not.to.contain('read only');
    expect(consent.text).not.to.contain('not offered');
  });
});
