import { expect } from 'chai';
import { createPublicKey, sign, verify } from 'node:crypto';
import { calculateJwkThumbprint } from 'jose';
import { createLogger } from '../../core/logger.ts';
import { openWebhookSecret } from '../../core/services/webhooks/secret-box.ts';
import { openSigningKey } from '../../core/services/webhooks/signing-key.ts';
import { expectErrorMessage, request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { fixtureEm } from '../helpers/workspace.ts';
import { endpointBody, managedBusiness, type Json, type ManagedBusiness } from './management-fixtures.ts';

async function storedRow(id: string): Promise<Json> {
  const [row] = await fixtureEm().getConnection().execute<Json[]>('select * from webhook_endpoints where id = ?', [id]);
  return row!;
}

const secretKey = () => service().services.webhooks.secretKey(createLogger('silent'));

function jwks(id: string) {
  return request<Json>(`${service().url}/api/v1/webhook-endpoints/${id}/jwks.json`);
}

describe('webhook signature schemes, signing keys and payload style (management)', () => {
  let a: ManagedBusiness;
  let b: ManagedBusiness;

  before(async () => {
    a = await managedBusiness('signing a');
    b = await managedBusiness('signing b');
  });

  it('defaults to HMAC v1 and full payloads, with no key made and an empty JWKS', async () => {
    const created = await a.call('POST', '', endpointBody());
    expect(created.status, created.text).to.equal(201);
    expect(created.body).to.include({
      event_payload: 'full',
      signing_key_id: null,
      signing_public_key: null,
      previous_signing_key_expires_at: null,
    });
    expect(created.body.signature_schemes).to.deep.equal(['v1']);
    expect(created.body.signing_keys_url).to.equal(
      `${service().config.baseUrl}/v1/webhook-endpoints/${created.body.id}/jwks.json`,
    );
    expect((await storedRow(created.body.id)).signing_key_ciphertext).to.equal(null);
    const keys = await jwks(created.body.id);
    expect(keys.status).to.equal(200);
    expect(keys.body).to.deep.equal({ keys: [] });
  });

  it('makes an ed25519 key pair at creation with v1a, publishes its public key (RFC 7638 kid) and stores the private key only sealed', async () => {
    const created = await a.call('POST', '', endpointBody({ signature_schemes: ['v1a', 'v1'], event_payload: 'thin' }));
    expect(created.status, created.text).to.equal(201);
    expect(created.body.signature_schemes).to.deep.equal(['v1', 'v1a']);
    expect(created.body.event_payload).to.equal('thin');
    expect(created.body.signing_key_id).to.match(/^[\w-]{43}$/);
    expect(created.body).to.not.have.any.keys('signing_key_ciphertext', 'private_key');

    const published = await jwks(created.body.id);
    expect(published.status).to.equal(200);
    expect(published.headers.get('cache-control')).to.equal('public, max-age=300');
    const [jwk] = published.body.keys as Json[];
    expect(published.body.keys).to.have.length(1);
    expect(jwk).to.include({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig', kid: created.body.signing_key_id });
    // An independent thumbprint (jose) of the published key is its kid.
    expect(await calculateJwkThumbprint({ kty: 'OKP', crv: 'Ed25519', x: jwk!.x })).to.equal(jwk!.kid);
    expect(created.body.signing_public_key).to.equal(`whpk_${Buffer.from(jwk!.x, 'base64url').toString('base64')}`);

    const row = await storedRow(created.body.id);
    const key = await secretKey();
    const privateKey = openSigningKey(key, created.body.id, row.signing_key_ciphertext);
    const d = privateKey.export({ format: 'jwk' }).d!;
    const pkcs8 = privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
    expect(row.signing_key_ciphertext).to.not.contain(d).and.not.contain(pkcs8);
    // The stored private key is the published public key's pair.
    const message = Buffer.from('probe');
    expect(
      verify(null, message, createPublicKey({ key: jwk as never, format: 'jwk' }), sign(null, message, privateKey)),
    ).to.equal(true);
    // Bound to its endpoint, and sealed apart from the HMAC secret: neither opens as the other.
    expect(() => openSigningKey(key, '00000000-0000-4000-8000-000000000000', row.signing_key_ciphertext)).to.throw();
    expect(() => openWebhookSecret(key, created.body.id, row.signing_key_ciphertext)).to.throw();
    expect(() => openSigningKey(key, created.body.id, row.secret_ciphertext)).to.throw();
    // No answer names the private key.
    for (const response of [created, await a.call('GET', `/${created.body.id}`), await a.call('GET', '')]) {
      expect(response.text).to.not.contain(d).and.not.contain(pkcs8).and.not.contain(row.signing_key_ciphertext);
    }
  });

  it('makes the key when a PATCH first chooses v1a, and keeps it: 20 concurrent PATCHes store one key pair', async () => {
    const created = await a.call('POST', '', endpointBody());
    const id = created.body.id as string;
    const patches = await Promise.all(
      Array.from({ length: 20 }, () => a.call('PATCH', `/${id}`, { signature_schemes: ['v1', 'v1a'] })),
    );
    expect(patches.map((patch) => patch.status)).to.deep.equal(Array(20).fill(200));
    const kids = new Set(patches.map((patch) => patch.body.signing_key_id as string));
    expect(kids.size).to.equal(1);
    const [kid] = [...kids];
    const row = await storedRow(id);
    expect(row.signing_key_id).to.equal(kid);
    const privateKey = openSigningKey(await secretKey(), id, row.signing_key_ciphertext);
    const publicJwk = { kty: 'OKP', crv: 'Ed25519', x: row.signing_public_key };
    expect(createPublicKey(privateKey).export({ format: 'jwk' }).x).to.equal(row.signing_public_key);
    expect(await calculateJwkThumbprint(publicJwk)).to.equal(kid);

    const onlyV1a = await a.call('PATCH', `/${id}`, { signature_schemes: ['v1a'] });
    expect(onlyV1a.body.signature_schemes).to.deep.equal(['v1a']);
    expect(onlyV1a.body.signing_key_id).to.equal(kid);
    const back = await a.call('PATCH', `/${id}`, { signature_schemes: ['v1'], event_payload: 'thin' });
    expect(back.body).to.include({ signing_key_id: kid, event_payload: 'thin' });
    expect((await a.call('GET', `/${id}`)).body.signature_schemes).to.deep.equal(['v1']);
  });

  it('refuses an unknown scheme, an empty or repeated list and an unknown payload style with 400 VALIDATION_FAILED naming the field', async () => {
    const created = await a.call('POST', '', endpointBody());
    for (const [body, words] of [
      [{ signature_schemes: ['v2'] }, 'unknown signature scheme "v2"; known: v1, v1a'],
      [{ signature_schemes: [] }, 'at least one signature scheme'],
      [{ signature_schemes: ['v1a', 'v1a'] }, 'listed twice'],
      [{ signature_schemes: 'v1a' }, 'signature_schemes'],
      [{ event_payload: 'partial' }, 'event_payload'],
    ] as const) {
      const create = await a.call('POST', '', endpointBody(body));
      expectErrorMessage(create, 400, 'VALIDATION_FAILED');
      expect(create.body.message).to.contain(words);
      const patch = await a.call('PATCH', `/${created.body.id}`, body);
      expectErrorMessage(patch, 400, 'VALIDATION_FAILED');
      expect(patch.body.message).to.contain(words);
    }
    expect((await storedRow(created.body.id)).signing_key_ciphertext).to.equal(null);
  });

  it('rotates the signing key: the previous key stays published beside the new one until the overlap ends', async () => {
    const created = await a.call('POST', '', endpointBody({ signature_schemes: ['v1a'] }));
    const id = created.body.id as string;
    const first = created.body.signing_key_id as string;
    const rotated = await a.call('POST', `/${id}/rotate-signing-key`);
    expect(rotated.status, rotated.text).to.equal(200);
    expect(rotated.body.signing_key_id).to.be.a('string').and.not.equal(first);
    expect(rotated.body).to.not.have.any.keys('secret');
    const hours = (Date.parse(rotated.body.previous_signing_key_expires_at) - Date.now()) / 3_600_000;
    expect(hours).to.be.within(23.9, 24);
    const both = await jwks(id);
    expect((both.body.keys as Json[]).map((key) => key.kid)).to.deep.equal([rotated.body.signing_key_id, first]);

    // The overlap's end (fixture SQL moves it into the past): the previous key leaves the JWKS and the answer.
    await fixtureEm()
      .getConnection()
      .execute(
        `update webhook_endpoints set previous_signing_key_expires_at = now() - interval '1 second' where id = ?`,
        [id],
      );
    expect(((await jwks(id)).body.keys as Json[]).map((key) => key.kid)).to.deep.equal([rotated.body.signing_key_id]);
    expect((await a.call('GET', `/${id}`)).body.previous_signing_key_expires_at).to.equal(null);

    // Rotating an endpoint that had no key gives it its first (nothing previous to publish).
    const plain = await a.call('POST', '', endpointBody());
    const firstKey = await a.call('POST', `/${plain.body.id}/rotate-signing-key`);
    expect(firstKey.body.signing_key_id).to.be.a('string');
    expect(firstKey.body.previous_signing_key_expires_at).to.equal(null);
    expect((await jwks(plain.body.id)).body.keys).to.have.length(1);
  });

  it("answers another business's endpoint, an unknown and a deleted one exactly like a missing one (JWKS and rotation)", async () => {
    const created = await a.call('POST', '', endpointBody({ signature_schemes: ['v1a'] }));
    const id = created.body.id as string;
    const rotate = await b.call('POST', `/${id}/rotate-signing-key`);
    expectErrorMessage(rotate, 404, 'RESOURCE_NOT_FOUND');
    const unknownRotate = await b.call('POST', `/00000000-0000-4000-8000-000000000000/rotate-signing-key`);
    expect(unknownRotate.body.message).to.equal(
      rotate.body.message.replace(id, '00000000-0000-4000-8000-000000000000'),
    );
    expectErrorMessage(await b.call('PATCH', `/${id}`, { signature_schemes: ['v1'] }), 404, 'RESOURCE_NOT_FOUND');
    expect((await a.call('GET', `/${id}`)).body).to.include({ signing_key_id: created.body.signing_key_id });
    expect((await a.call('GET', `/${id}`)).body.signature_schemes).to.deep.equal(['v1a']);

    expectErrorMessage(await jwks('00000000-0000-4000-8000-000000000000'), 404, 'RESOURCE_NOT_FOUND');
    expectErrorMessage(await jwks('not-a-uuid'), 400, 'VALIDATION_FAILED');
    expect((await a.call('DELETE', `/${id}`)).status).to.equal(200);
    expectErrorMessage(await jwks(id), 404, 'RESOURCE_NOT_FOUND');
  });

  it('needs webhooks:manage to rotate, and no credential to read a JWKS', async () => {
    const created = await a.call('POST', '', endpointBody({ signature_schemes: ['v1a'] }));
    expectErrorMessage(
      await a.call('POST', `/${created.body.id}/rotate-signing-key`, undefined, null),
      401,
      'UNAUTHORIZED',
    );
    const workspaceOnly = await a.tokenWith(['workspace:read']);
    expectErrorMessage(
      await a.call('POST', `/${created.body.id}/rotate-signing-key`, undefined, workspaceOnly),
      403,
      'INSUFFICIENT_SCOPE',
    );
    expect((await jwks(created.body.id)).status).to.equal(200);
  });
});
