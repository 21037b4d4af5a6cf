import { expect } from 'chai';
import { reviewClaimsCommand } from '../../scripts/admin/review-claims.ts';
import { processIo, UsageError } from '../../scripts/admin/command.ts';
import { request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { claimableListing, claimingBusiness, type Json } from './claims-fixtures.ts';
import { directoryCaller } from './fixtures.ts';

/** `npm run admin -- review-claims <args>` as the admin entry point runs it: flags -> prepare -> the system caller. */
async function reviewClaims(values: Record<string, string>) {
  const run = await reviewClaimsCommand.prepare(values, processIo);
  return run(directoryCaller());
}

async function usageError(values: Record<string, string>): Promise<string> {
  try {
    await reviewClaimsCommand.prepare(values, processIo);
  } catch (error) {
    expect(error).to.be.instanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('expected a usage error');
}

describe('directory claims: the operator command and /api/trpc', function () {
  this.timeout(120_000);

  it('review-claims lists pending claims with listing, business, checks and age; approves, rejects, revokes', async () => {
    const listing = await claimableListing();
    const other = await claimableListing();
    const business = await claimingBusiness('cli', { phone: '512 555 0147' });
    const claim = (await business.call('POST', '/claims', { listing_slug: listing.slug, evidence_note: 'Our shop.' }))
      .body;
    const second = (await business.call('POST', '/claims', { listing_slug: other.slug })).body;

    const listed = await reviewClaims({});
    const line = listed.text.split('\n').find((row) => row.startsWith(claim.id))!;
    expect(listed.text.split('\n')[0]).to.match(/^CLAIM\s+LISTING\s+BUSINESS\s+PHONE\s+WEBSITE\s+EMAIL\s+AGE\s+NOTE$/);
    expect(line.split(/\s{2,}/)).to.deep.equal([
      claim.id,
      listing.slug,
      business.slug,
      'yes',
      '-',
      '-',
      '0m',
      'Our shop.',
    ]);
    const json = (listed.json as { items: Json[] }).items.find((item) => item.id === claim.id)!;
    expect(json.business).to.deep.include({ id: business.id, slug: business.slug });

    const approved = await reviewClaims({ approve: claim.id, note: 'Phone checked.', by: 'alice' });
    expect(approved.text).to.equal(
      `Approved claim ${claim.id}: ${listing.slug} is claimed by business ${business.id}.`,
    );
    expect(approved.json).to.deep.include({ status: 'approved', decided_by: 'alice' });
    const rejected = await reviewClaims({ reject: second.id, reason: 'Not the same company.' });
    expect(rejected.text).to.equal(`Rejected claim ${second.id}: ${other.slug} is unclaimed again.`);
    expect((await reviewClaims({})).text).to.not.contain(claim.id);

    const revoked = await reviewClaims({ revoke: listing.slug, reason: 'Sold.' });
    expect(revoked.text).to.equal(
      `Revoked claim ${claim.id}: ${listing.slug} is unclaimed; business ${business.id} was told why.`,
    );
  });

  it('review-claims refuses wrong usage before touching the database, and names a claim that is not pending', async () => {
    expect(await usageError({ approve: 'a', reject: 'b' })).to.contain('give one of --approve, --reject and --revoke');
    expect(await usageError({ reject: 'a' })).to.contain('--reject needs --reason');
    expect(await usageError({ revoke: 'some-slug' })).to.contain('--revoke needs --reason');
    expect(await usageError({ reject: 'a', reason: 'x', note: 'y' })).to.contain('--note goes with --approve');
    expect(await usageError({ limit: '0' })).to.contain('--limit');

    const listing = await claimableListing();
    const business = await claimingBusiness('cli-twice', { phone: '5125550147' });
    const claim = (await business.call('POST', '/claims', { listing_slug: listing.slug })).body;
    await reviewClaims({ reject: claim.id, reason: 'No.' });
    const twice = await reviewClaims({ approve: claim.id }).then(
      () => null,
      (error: { appCode?: string; message: string }) => error,
    );
    expect(twice?.appCode).to.equal('DIRECTORY_CLAIM_NOT_PENDING');
    expect(twice?.message).to.contain('is rejected, not pending');
  });

  it('/api/trpc serves the same procedures as directory.claims.*, with the same refusals', async () => {
    const listing = await claimableListing();
    const business = await claimingBusiness('trpc', { phone: '5125550147' });
    const url = (path: string) => `${service().url}/api/trpc/directory.claims.${path}`;
    const headers = { authorization: `Bearer ${business.token}`, 'content-type': 'application/json' };
    const created = await request<Json>(url('requestClaim'), {
      method: 'POST',
      headers,
      body: JSON.stringify({ listing_slug: listing.slug }),
    });
    expect(created.status, created.text).to.equal(200);
    const claim = created.body.result.data;
    expect(claim).to.include({ status: 'pending', business_id: business.id });

    const read = await request<Json>(
      `${url('getClaim')}?input=${encodeURIComponent(JSON.stringify({ id: claim.id }))}`,
      {
        headers: { authorization: `Bearer ${business.token}` },
      },
    );
    expect(read.body.result.data).to.deep.equal(claim);

    const again = await request<Json>(url('requestClaim'), {
      method: 'POST',
      headers,
      body: JSON.stringify({ listing_slug: listing.slug }),
    });
    expect(again.status).to.equal(409);
    expect(again.body.error.data.errorMessage.code).to.equal('DIRECTORY_LISTING_CLAIM_PENDING');

    // The operator's procedures are not on /api/trpc.
    const operator = await request<Json>(`${service().url}/api/trpc/directory.approveClaim`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ id: claim.id }),
    });
    expect(operator.status).to.equal(404);
  });
});
