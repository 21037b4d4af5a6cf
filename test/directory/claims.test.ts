import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { webhookEnvelope, webhookEventCatalogue } from '../../core/services/webhooks/event-catalogue.ts';
import { expectErrorMessage } from '../helpers/http.ts';
import { fixtureEm, tenantCaller } from '../helpers/workspace.ts';
import { claimableListing, claimingBusiness, hostOf, publicListing, type Json } from './claims-fixtures.ts';
import { directoryCaller } from './fixtures.ts';

const admin = () => directoryCaller().directory;

const CLAIM_TYPES =
  'directory_claim.requested,directory_claim.approved,directory_claim.rejected,directory_claim.withdrawn,directory_claim.revoked';

/**
 * The business's directory_claim events as its feed delivers them, in commit order, each checked
 * against the catalogue's schemas. The feed answers an event once every older transaction of the
 * server has ended (a shared PostgreSQL server has other clients), so it is read until `expected`
 * events have come, long-polling between reads.
 */
async function claimEvents(businessId: string, expected: number): Promise<Json[]> {
  const feed = tenantCaller(businessId, { scopes: ['events:read'] }).events;
  const events: Json[] = [];
  let after: string | undefined;
  for (let read = 0; read < 20 && events.length < expected; read += 1) {
    const page = await feed.listEvents({
      types: CLAIM_TYPES,
      limit: 100,
      wait: events.length === 0 && read === 0 ? 0 : 2,
      after,
    });
    events.push(...(page.items as Json[]));
    after = page.next_cursor;
  }
  for (const event of events) {
    const definition = webhookEventCatalogue.find((entry) => entry.type === event.type)!;
    webhookEnvelope(definition.type, definition.entityType, definition.data).parse(event);
  }
  return events;
}

/** How many directory_claim events the outbox holds for a business (committed, delivered or not). */
async function storedClaimEvents(businessId: string): Promise<number> {
  const [row] = await fixtureEm()
    .getConnection()
    .execute<{ count: number }[]>(
      `select count(*)::int as count from outbox_events where business_id = ? and aggregate_type = 'directory_claim'`,
      [businessId],
    );
  return row!.count;
}

describe('directory claims', function () {
  this.timeout(120_000);

  it('request with matching phone and website: checks recorded, listing claim_pending publicly, second claim 409', async () => {
    const listing = await claimableListing();
    const business = await claimingBusiness('match', {
      phone: '+1 512-555-0147',
      website_url: `http://${hostOf(listing)}`,
      email: 'owner@gmail.com',
    });
    const created = await business.call('POST', '/claims', { listing_slug: listing.slug });
    expect(created.status, created.text).to.equal(201);
    expect(created.headers.get('cache-control')).to.equal('no-store');
    const claim = created.body;
    expect(claim).to.include({ status: 'pending', business_id: business.id, evidence_note: null, reason: null });
    expect(claim.listing).to.deep.equal({ slug: listing.slug, name: listing.name, claim_status: 'claim_pending' });
    expect(claim.evidence).to.deep.equal({
      phone: { outcome: 'match', business: '5125550147', listing: '5125550147' },
      website_domain: { outcome: 'match', business: hostOf(listing), listing: hostOf(listing) },
      email_domain: { outcome: 'no_match', business: 'gmail.com', listing: hostOf(listing) },
      matches: 2,
    });
    expect(claim.transitions).to.have.length(1);
    expect(claim.transitions[0]).to.include({ from_status: null, to_status: 'pending', actor: 'business' });

    const shown = await publicListing(listing.slug);
    expect(shown.body.data).to.include({ claim_status: 'claim_pending', is_claimed: false });

    const again = await business.call('POST', '/claims', { listing_slug: listing.slug });
    expectErrorMessage(again, 409, 'DIRECTORY_LISTING_CLAIM_PENDING');
    const other = await claimingBusiness('second');
    const second = await other.call('POST', '/claims', { listing_slug: listing.slug, evidence_note: 'Ours too.' });
    expectErrorMessage(second, 409, 'DIRECTORY_LISTING_CLAIM_PENDING');

    const read = await business.call('GET', `/claims/${claim.id}`);
    expect(read.status, read.text).to.equal(200);
    expect(read.body).to.deep.equal(claim);
  });

  it('20 concurrent claims of one listing from 20 businesses: exactly one pending, the rest 409', async () => {
    const listing = await claimableListing();
    const businesses = await Promise.all(
      Array.from({ length: 20 }, (_, index) => claimingBusiness(`race ${index}`, { phone: '512 555 0147' })),
    );
    const answers = await Promise.all(
      businesses.map((business) => business.call('POST', '/claims', { listing_slug: listing.slug })),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(
      statuses.filter((status) => status === 201),
      answers.map((a) => a.text).join('\n'),
    ).to.have.length(1);
    expect(statuses.filter((status) => status === 409)).to.have.length(19);
    for (const answer of answers.filter((each) => each.status === 409))
      expect(answer.body.code).to.be.oneOf(['DIRECTORY_LISTING_CLAIM_PENDING']);
    const pending = (await admin().listPendingClaims({ limit: 1000 })).items.filter(
      (item) => item.listing.slug === listing.slug,
    );
    expect(pending).to.have.length(1);
  });

  it('approve: claimed, is_claimed, linked; the business edits description, services and photos, visible publicly', async () => {
    const listing = await claimableListing();
    const business = await claimingBusiness('approve', { website_url: `https://${hostOf(listing)}` });
    const claim = (await business.call('POST', '/claims', { listing_slug: listing.slug })).body;

    // Before approval the business cannot edit the listing.
    const early = await business.call('PATCH', `/claimed-listings/${listing.slug}`, { short_description: 'Too soon' });
    expectErrorMessage(early, 404, 'RESOURCE_NOT_FOUND');

    const queue = (await admin().listPendingClaims({ limit: 1000 })).items.find((item) => item.id === claim.id)!;
    expect(queue.business).to.deep.include({ id: business.id, slug: business.slug });
    const approved = await admin().approveClaim({ id: claim.id, note: 'Checked the website.', decided_by: 'alice' });
    expect(approved).to.include({ status: 'approved', decided_by: 'alice' });
    expect(approved.listing.claim_status).to.equal('claimed');
    expect(approved.transitions.map((step) => [step.from_status, step.to_status, step.actor, step.note])).to.deep.equal(
      [
        [null, 'pending', 'business', null],
        ['pending', 'approved', 'operator', 'Checked the website.'],
      ],
    );
    expect((await publicListing(listing.slug)).body.data).to.include({ claim_status: 'claimed', is_claimed: true });

    const mine = await business.call('GET', '/claimed-listings');
    expect(mine.status, mine.text).to.equal(200);
    expect(mine.body.items.map((item: Json) => item.slug)).to.deep.equal([listing.slug]);
    const [kept, dropped] = mine.body.items[0].photos as Json[];

    const edited = await business.call('PATCH', `/claimed-listings/${listing.slug}`, {
      short_description: 'Family plumbers since 1998.',
      description: 'Licensed master plumbers serving central Austin.',
      services: ['Water heaters', 'Leak detection'],
      photos: [
        { url: 'https://cdn.example.com/new/logo.png', kind: 'logo', alt_text: 'Logo' },
        { public_id: kept!.public_id, alt_text: 'Our van' },
        { url: '/media/directory/team.jpg' },
      ],
    });
    expect(edited.status, edited.text).to.equal(200);
    expect(edited.body).to.include({
      short_description: 'Family plumbers since 1998.',
      description: 'Licensed master plumbers serving central Austin.',
    });
    const shown = (await publicListing(listing.slug)).body.data;
    expect(shown.short_description).to.equal('Family plumbers since 1998.');
    expect(shown.services).to.deep.equal(['Water heaters', 'Leak detection']);
    expect(shown.photos.map((photo: Json) => [photo.kind, photo.sort_order, photo.alt_text])).to.deep.equal([
      ['logo', 0, 'Logo'],
      ['photo', 1, 'Our van'],
      ['photo', 2, null],
    ]);
    expect(shown.photos[1].public_id).to.equal(kept!.public_id);
    expect(shown.photos.map((photo: Json) => photo.public_id)).to.not.include(dropped!.public_id);
    expect(shown.logo_url).to.equal('https://cdn.example.com/new/logo.png');
    expect(shown.photos[2].url).to.match(/^https?:\/\/[^/]+\/media\/directory\/team\.jpg$/);

    // The long description is searchable at once.
    const found = await publicListing(listing.slug);
    expect(found.status).to.equal(200);

    const events = await claimEvents(business.id, 2);
    expect(events.map((event) => [event.type, event.entity.id, event.sequence])).to.deep.equal([
      ['directory_claim.requested', claim.id, 1],
      ['directory_claim.approved', claim.id, 2],
    ]);
    expect(events[1]!.data).to.deep.equal(approved);
  });

  it('bad photo URL, unknown photo, two logos: 400 naming the field, nothing changed', async () => {
    const listing = await claimableListing();
    const business = await claimingBusiness('photos', { phone: '5125550147' });
    const claim = (await business.call('POST', '/claims', { listing_slug: listing.slug })).body;
    await admin().approveClaim({ id: claim.id });
    for (const photos of [
      [{ url: 'javascript:alert(1)' }],
      [{ url: 'ftp://cdn.example.com/a.jpg' }],
      [{ url: '//evil.example.com/a.jpg' }],
      [{ public_id: randomUUID() }],
      [
        { url: 'https://cdn.example.com/a.png', kind: 'logo' },
        { url: 'https://cdn.example.com/b.png', kind: 'logo' },
      ],
    ]) {
      const refused = await business.call('PATCH', `/claimed-listings/${listing.slug}`, {
        short_description: 'Not stored',
        photos,
      });
      expectErrorMessage(refused, 400, 'VALIDATION_FAILED');
      expect(refused.body.message).to.contain('photos');
    }
    const shown = (await publicListing(listing.slug)).body.data;
    expect(shown.short_description).to.equal(listing.short_description);
    expect(shown.photos.map((photo: Json) => photo.public_id)).to.deep.equal(
      listing.photos.map((photo) => photo.public_id),
    );
  });

  it('reject with a reason: unclaimed again, the reason kept; the listing can be claimed again', async () => {
    const listing = await claimableListing();
    const business = await claimingBusiness('reject');
    const noEvidence = await business.call('POST', '/claims', { listing_slug: listing.slug });
    expectErrorMessage(noEvidence, 400, 'DIRECTORY_CLAIM_EVIDENCE_REQUIRED');
    expect((await publicListing(listing.slug)).body.data.claim_status).to.equal('unclaimed');

    const claim = (
      await business.call('POST', '/claims', { listing_slug: listing.slug, evidence_note: 'We bought the company.' })
    ).body;
    expect(claim.evidence.matches).to.equal(0);
    expect(claim.evidence_note).to.equal('We bought the company.');
    const rejected = await admin().rejectClaim({ id: claim.id, reason: 'No proof of the purchase.' });
    expect(rejected).to.include({ status: 'rejected', reason: 'No proof of the purchase.', decided_by: 'operator' });
    expect((await publicListing(listing.slug)).body.data).to.include({ claim_status: 'unclaimed', is_claimed: false });

    const twice = await admin()
      .approveClaim({ id: claim.id })
      .then(
        () => null,
        (error: { appCode?: string; details?: Json[] }) => error,
      );
    expect(twice?.appCode).to.equal('DIRECTORY_CLAIM_NOT_PENDING');
    expect(twice?.details?.[0]).to.deep.include({ current_status: 'rejected' });

    const listed = await business.call('GET', '/claims?status=rejected');
    expect(listed.body.items.map((item: Json) => item.id)).to.deep.equal([claim.id]);
    const retry = await business.call('POST', '/claims', {
      listing_slug: listing.slug,
      evidence_note: 'Deed attached.',
    });
    expect(retry.status, retry.text).to.equal(201);

    const events = await claimEvents(business.id, 3);
    const types = events.map((event) => event.type);
    expect(types).to.deep.equal(['directory_claim.requested', 'directory_claim.rejected', 'directory_claim.requested']);
    const rejectedEvent = events[1]!;
    expect(rejectedEvent.data.reason).to.equal('No proof of the purchase.');
  });

  it('withdraw: unclaimed again, 409 a second time; revoke: claimed -> unclaimed with the reason, edits refused', async () => {
    const listing = await claimableListing();
    const business = await claimingBusiness('withdraw', { phone: '512-555-0147' });
    const first = (await business.call('POST', '/claims', { listing_slug: listing.slug })).body;
    const withdrawn = await business.call('POST', `/claims/${first.id}/withdraw`);
    expect(withdrawn.status, withdrawn.text).to.equal(200);
    expect(withdrawn.body).to.include({ status: 'withdrawn', decided_by: 'business' });
    expect((await publicListing(listing.slug)).body.data.claim_status).to.equal('unclaimed');
    expectErrorMessage(await business.call('POST', `/claims/${first.id}/withdraw`), 409, 'DIRECTORY_CLAIM_NOT_PENDING');

    const second = (await business.call('POST', '/claims', { listing_slug: listing.slug })).body;
    await admin().approveClaim({ id: second.id });
    expectErrorMessage(
      await business.call('POST', '/claims', { listing_slug: listing.slug }),
      409,
      'DIRECTORY_LISTING_ALREADY_CLAIMED',
    );
    const revoked = await admin().revokeClaim({ listing_slug: listing.slug, reason: 'Ownership disputed.' });
    expect(revoked.claim).to.include({ id: second.id, status: 'revoked', reason: 'Ownership disputed.' });
    expect((await publicListing(listing.slug)).body.data).to.include({ claim_status: 'unclaimed', is_claimed: false });
    expectErrorMessage(
      await business.call('PATCH', `/claimed-listings/${listing.slug}`, { short_description: 'Still mine?' }),
      404,
      'RESOURCE_NOT_FOUND',
    );
    const again = await admin()
      .revokeClaim({ listing_slug: listing.slug, reason: 'Twice.' })
      .then(
        () => null,
        (error: { appCode?: string }) => error,
      );
    expect(again?.appCode).to.equal('DIRECTORY_LISTING_NOT_CLAIMED');

    const types = (await claimEvents(business.id, 5)).map((event) => event.type);
    expect(types).to.deep.equal([
      'directory_claim.requested',
      'directory_claim.withdrawn',
      'directory_claim.requested',
      'directory_claim.approved',
      'directory_claim.revoked',
    ]);
  });

  it('tenant isolation: another business cannot see, withdraw or edit a claim or listing; answers like not found', async () => {
    const listing = await claimableListing();
    const owner = await claimingBusiness('owner', { phone: '5125550147' });
    const stranger = await claimingBusiness('stranger');
    const claim = (await owner.call('POST', '/claims', { listing_slug: listing.slug })).body;

    const unknownId = randomUUID();
    const foreign = await stranger.call('GET', `/claims/${claim.id}`);
    const unknown = await stranger.call('GET', `/claims/${unknownId}`);
    expectErrorMessage(foreign, 404, 'RESOURCE_NOT_FOUND');
    expect(foreign.body.message.replace(claim.id, 'ID')).to.equal(unknown.body.message.replace(unknownId, 'ID'));
    expectErrorMessage(await stranger.call('POST', `/claims/${claim.id}/withdraw`), 404, 'RESOURCE_NOT_FOUND');
    expect((await stranger.call('GET', '/claims')).body.items).to.deep.equal([]);

    await admin().approveClaim({ id: claim.id });
    const edit = await stranger.call('PATCH', `/claimed-listings/${listing.slug}`, { short_description: 'Hijack' });
    const editUnknown = await stranger.call('PATCH', '/claimed-listings/no-such-listing-here', {
      short_description: 'Hijack',
    });
    expectErrorMessage(edit, 404, 'RESOURCE_NOT_FOUND');
    expect(edit.body.message.replace(listing.slug, 'S')).to.equal(
      editUnknown.body.message.replace('no-such-listing-here', 'S'),
    );
    expect((await stranger.call('GET', '/claimed-listings')).body.items).to.deep.equal([]);
    expect(await storedClaimEvents(stranger.id)).to.equal(0);
    expect(await storedClaimEvents(owner.id)).to.equal(2);
    expect((await publicListing(listing.slug)).body.data.short_description).to.equal(listing.short_description);
  });

  it('refusals: no token 401, wrong scope 403, unknown or unpublished slug 404, 11th pending claim 409', async () => {
    const business = await claimingBusiness('refusals', { phone: '5125550147' });
    const listing = await claimableListing();
    expectErrorMessage(
      await business.call('POST', '/claims', { listing_slug: listing.slug }, null),
      401,
      'UNAUTHORIZED',
    );
    expectErrorMessage(await business.call('GET', '/claims', undefined, null), 401, 'UNAUTHORIZED');
    const readOnly = await business.tokenWith(['workspace:read']);
    expectErrorMessage(
      await business.call('POST', '/claims', { listing_slug: listing.slug }, readOnly),
      403,
      'INSUFFICIENT_SCOPE',
    );
    expect((await business.call('GET', '/claims', undefined, readOnly)).status).to.equal(200);
    const hooks = await business.tokenWith(['webhooks:manage']);
    expectErrorMessage(await business.call('GET', '/claims', undefined, hooks), 403, 'INSUFFICIENT_SCOPE');
    expectErrorMessage(
      await business.call('PATCH', `/claimed-listings/${listing.slug}`, { services: [] }, readOnly),
      403,
      'INSUFFICIENT_SCOPE',
    );

    expectErrorMessage(
      await business.call('POST', '/claims', { listing_slug: 'no-such-listing' }),
      404,
      'RESOURCE_NOT_FOUND',
    );
    expectErrorMessage(
      await business.call('POST', '/claims', { listing_slug: 'Not A Slug!' }),
      404,
      'RESOURCE_NOT_FOUND',
    );
    const draft = await claimableListing({ status: 'draft' });
    expectErrorMessage(await business.call('POST', '/claims', { listing_slug: draft.slug }), 404, 'RESOURCE_NOT_FOUND');
    expectErrorMessage(await business.call('POST', '/claims', {}), 400, 'VALIDATION_FAILED');
    expectErrorMessage(await business.call('GET', '/claims/not-a-uuid'), 400, 'VALIDATION_FAILED');

    const listings = await Promise.all(Array.from({ length: 11 }, () => claimableListing()));
    const answers = [];
    for (const each of listings) answers.push(await business.call('POST', '/claims', { listing_slug: each.slug }));
    expect(answers.slice(0, 10).map((answer) => answer.status)).to.deep.equal(Array(10).fill(201));
    expectErrorMessage(answers[10]!, 409, 'DIRECTORY_CLAIM_LIMIT_REACHED');
    expect((await publicListing(listings[10]!.slug)).body.data.claim_status).to.equal('unclaimed');
  });
});
