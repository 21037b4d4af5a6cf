import { expect } from 'chai';
import {
  calculateJwkThumbprint,
  decodeJwt,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  SignJWT,
  type JWTPayload,
} from 'jose';
import { ensureActiveSigningKey, publishedKeys, rotateSigningKey } from '../../core/services/oauth/signing-keys.ts';
import { KeyDecryptionError, openPrivateJwk } from '../../core/services/oauth/key-encryption.ts';
import { randomBytes } from 'node:crypto';
import { sql } from '../helpers/sql.ts';
import {
  createGrant,
  em,
  kidOf,
  mint,
  secondsAfter,
  serviceIssuer,
  serviceKek,
  verify,
  type GrantFixture,
} from './token-fixtures.ts';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The claims a token of the grant carries, for hand-made tokens. */
function claimsOf(grant: GrantFixture, now = new Date()): JWTPayload {
  const iat = Math.floor(now.getTime() / 1000);
  return {
    iss: serviceIssuer().issuer,
    aud: serviceIssuer().audience,
    sub: grant.userId,
    client_id: grant.clientId,
    scope: grant.scope,
    business_id: grant.businessId,
    grant_id: grant.grantId,
    iat,
    exp: iat + 600,
    jti: 'hand-made',
  };
}

describe('OAuth access tokens (RFC 9068 JWTs, ES256)', () => {
  let grant: GrantFixture;
  before(async () => {
    grant = await createGrant();
  });

  it('mints a JWT with the RFC 9068 header and claims, and verifies it into an oauth principal', async () => {
    const now = new Date();
    const minted = await mint(grant, { now, ttlSeconds: 900 });
    expect(minted.expiresIn).to.equal(900);
    expect(minted.jti).to.match(/^[0-9a-f-]{36}$/);

    const header = decodeProtectedHeader(minted.token);
    expect(header).to.deep.equal({ alg: 'ES256', kid: header.kid, typ: 'at+jwt' });
    const iat = Math.floor(now.getTime() / 1000);
    expect(decodeJwt(minted.token)).to.deep.equal({
      iss: serviceIssuer().issuer,
      aud: serviceIssuer().audience,
      sub: grant.userId,
      client_id: grant.clientId,
      scope: 'mcp:read mcp:customers:write',
      business_id: grant.businessId,
      grant_id: grant.grantId,
      iat,
      exp: iat + 900,
      jti: minted.jti,
    });

    expect(await verify(minted.token, { now })).to.deep.equal({
      kind: 'oauth',
      businessId: grant.businessId,
      userId: grant.userId,
      clientId: grant.clientId,
      grantId: grant.grantId,
      tokenId: minted.jti,
      scopes: ['mcp:read', 'mcp:customers:write'],
      // What the grant holds, plus the client's other registered scopes an admin may consent to.
      reachableScopes: ['mcp:read', 'mcp:customers:write', 'mcp:jobs:write'],
    });
  });

  it('refuses to mint anything but MCP scopes', async () => {
    for (const scope of ['', 'workspace:write', 'mcp:read admin']) {
      let failed = false;
      await mint(grant, { scope }).catch(() => (failed = true));
      expect(failed, scope).to.equal(true);
    }
  });

  it('rejects a token for another audience or from another issuer', async () => {
    const otherAudience = await mint(grant, { audience: 'https://elsewhere.example/api/v1/mcp' });
    expect(await verify(otherAudience.token)).to.equal(undefined);
    const otherIssuer = await mint(grant, { issuer: 'https://evil.example' });
    expect(await verify(otherIssuer.token)).to.equal(undefined);
    const good = await mint(grant);
    expect(await verify(good.token, { audience: `${serviceIssuer().audience}/` })).to.equal(undefined);
    expect(await verify(good.token, { issuer: `${serviceIssuer().issuer}/` })).to.equal(undefined);
  });

  it('rejects an expired token, with 30 seconds of clock tolerance', async () => {
    const now = new Date();
    const { token } = await mint(grant, { now, ttlSeconds: 60 });
    expect(await verify(token, { now: secondsAfter(now, 60 + 29) })).to.not.equal(undefined);
    expect(await verify(token, { now: secondsAfter(now, 60 + 31) })).to.equal(undefined);
    const old = await mint(grant, { now: secondsAfter(now, -7200), ttlSeconds: 3600 });
    expect(await verify(old.token)).to.equal(undefined);
  });

  it('rejects a tampered signature or payload', async () => {
    const { token } = await mint(grant);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const middle = Math.floor(signature.length / 2);
    const flipped = signature.slice(0, middle) + (signature[middle] === 'A' ? 'B' : 'A') + signature.slice(middle + 1);
    expect(await verify(`${header}.${payload}.${flipped}`)).to.equal(undefined);
    const widened = b64url({ ...decodeJwt(token), scope: 'mcp:read mcp:write' });
    expect(await verify(`${header}.${widened}.${signature}`)).to.equal(undefined);
    expect(await verify(`${header}.${payload}.`)).to.equal(undefined);
    for (const garbage of ['', 'abc', 'a.b.c', `${header}.${payload}`, 'fsa_ws_x'])
      expect(await verify(garbage), garbage).to.equal(undefined);
  });

  it('rejects alg none, and HS256 signed with the public key as the secret', async () => {
    const { token } = await mint(grant);
    const kid = kidOf(token);
    const claims = claimsOf(grant);
    for (const alg of ['none', 'None', 'NONE']) {
      expect(await verify(`${b64url({ alg, kid, typ: 'at+jwt' })}.${b64url(claims)}.`), alg).to.equal(undefined);
    }
    const [jwk] = (await publishedKeys(em(), new Date())).filter((key) => key.kid === kid);
    expect(jwk).to.exist;
    const secrets = [
      Buffer.from(jwk!.x, 'base64url'),
      new TextEncoder().encode(jwk!.x),
      new TextEncoder().encode(JSON.stringify(jwk)),
    ];
    for (const secret of secrets) {
      const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', kid, typ: 'at+jwt' }).sign(secret);
      expect(await verify(forged)).to.equal(undefined);
    }
  });

  it('rejects an unknown kid, and a real kid on a token signed by another key', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const ownKid = await calculateJwkThumbprint(await exportJWK(publicKey));
    const unknown = await new SignJWT(claimsOf(grant))
      .setProtectedHeader({ alg: 'ES256', kid: ownKid, typ: 'at+jwt' })
      .sign(privateKey);
    expect(await verify(unknown)).to.equal(undefined);
    const realKid = kidOf((await mint(grant)).token);
    const impostor = await new SignJWT(claimsOf(grant))
      .setProtectedHeader({ alg: 'ES256', kid: realKid, typ: 'at+jwt' })
      .sign(privateKey);
    expect(await verify(impostor)).to.equal(undefined);
    const noKid = await new SignJWT(claimsOf(grant))
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt' })
      .sign(privateKey);
    expect(await verify(noKid)).to.equal(undefined);
  });

  it('rejects tokens signed with our own key but without the at+jwt typ or a required claim', async () => {
    const { kid, privateKey } = await ensureActiveSigningKey(em(), await serviceKek(), new Date());
    const sign = (claims: JWTPayload, typ?: string) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid, ...(typ ? { typ } : {}) }).sign(privateKey);
    // The control: a hand-made token with every claim is accepted.
    expect(await verify(await sign(claimsOf(grant), 'at+jwt'))).to.include({
      kind: 'oauth',
      businessId: grant.businessId,
    });
    expect(await verify(await sign(claimsOf(grant), 'application/at+jwt'))).to.include({ kind: 'oauth' });
    expect(await verify(await sign(claimsOf(grant), 'JWT'))).to.equal(undefined);
    expect(await verify(await sign(claimsOf(grant)))).to.equal(undefined);
    for (const claim of ['sub', 'client_id', 'scope', 'business_id', 'grant_id', 'jti', 'exp', 'iat']) {
      const { [claim]: _dropped, ...rest } = claimsOf(grant);
      expect(await verify(await sign(rest, 'at+jwt')), claim).to.equal(undefined);
    }
    expect(await verify(await sign({ ...claimsOf(grant), grant_id: 'not-a-uuid' }, 'at+jwt'))).to.equal(undefined);
    // Claims that disagree with the grant: another user's grant id, another business.
    const other = await createGrant();
    expect(await verify(await sign({ ...claimsOf(grant), grant_id: other.grantId }, 'at+jwt'))).to.equal(undefined);
    expect(await verify(await sign({ ...claimsOf(grant), business_id: other.businessId }, 'at+jwt'))).to.equal(
      undefined,
    );
    expect(await verify(await sign({ ...claimsOf(grant), client_id: other.clientId }, 'at+jwt'))).to.equal(undefined);
  });

  it('drops scopes that are not MCP scopes from the principal', async () => {
    const { kid, privateKey } = await ensureActiveSigningKey(em(), await serviceKek(), new Date());
    const token = await new SignJWT({ ...claimsOf(grant), scope: 'mcp:read workspace:write' })
      .setProtectedHeader({ alg: 'ES256', kid, typ: 'at+jwt' })
      .sign(privateKey);
    expect((await verify(token))?.scopes).to.deep.equal(['mcp:read']);
  });

  it('rejects the tokens of a revoked grant, a deleted client, and a user who left the business', async () => {
    const revoked = await createGrant();
    const revokedToken = (await mint(revoked)).token;
    expect(await verify(revokedToken)).to.not.equal(undefined);
    await sql('update oauth_grants set revoked_at = now() where id = ?', [revoked.grantId]);
    expect(await verify(revokedToken)).to.equal(undefined);

    const deleted = await createGrant();
    const deletedToken = (await mint(deleted)).token;
    expect(await verify(deletedToken)).to.not.equal(undefined);
    await sql('delete from oauth_clients where client_id = ?', [deleted.clientId]);
    expect(await verify(deletedToken)).to.equal(undefined);

    const left = await createGrant();
    const leftToken = (await mint(left)).token;
    expect(await verify(leftToken)).to.not.equal(undefined);
    await sql('delete from memberships where business_id = ? and user_id = ?', [left.businessId, left.userId]);
    expect(await verify(leftToken)).to.equal(undefined);
  });
});

describe('OAuth signing keys', () => {
  let grant: GrantFixture;
  before(async () => {
    grant = await createGrant();
  });

  it('stores the private key only sealed under the key-encryption key, bound to its kid', async () => {
    const kid = kidOf((await mint(grant)).token);
    const [row] = await sql<{ alg: string; public_jwk: Record<string, string>; private_jwk_encrypted: string }>(
      'select alg, public_jwk, private_jwk_encrypted from oauth_signing_keys where kid = ?',
      [kid],
    );
    expect(row!.alg).to.equal('ES256');
    expect(row!.public_jwk).to.have.all.keys('kty', 'crv', 'x', 'y');
    const sealed = row!.private_jwk_encrypted;
    expect(sealed).to.match(/^[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(sealed).not.to.contain('"d"');
    expect(sealed).not.to.contain('{');
    for (const part of sealed.split('.'))
      expect(Buffer.from(part, 'base64url').toString('latin1')).not.to.contain('"d"');

    const kek = await serviceKek();
    const opened = openPrivateJwk(kek, kid, sealed);
    expect(opened).to.include({ kty: 'EC', crv: 'P-256', x: row!.public_jwk.x, y: row!.public_jwk.y });
    expect(opened.d).to.be.a('string').with.length(43);
    expect(() => openPrivateJwk(randomBytes(32), kid, sealed)).to.throw(KeyDecryptionError);
    const otherKid = `${kid.slice(0, -1)}${kid.endsWith('A') ? 'B' : 'A'}`;
    expect(() => openPrivateJwk(kek, otherKid, sealed)).to.throw(KeyDecryptionError);
    const [iv, tag, ciphertext] = sealed.split('.') as [string, string, string];
    const altered = `${iv}.${tag}.${ciphertext.slice(0, 10)}${ciphertext[10] === 'A' ? 'B' : 'A'}${ciphertext.slice(11)}`;
    expect(() => openPrivateJwk(kek, kid, altered)).to.throw(KeyDecryptionError);
  });

  it('names each key by its RFC 7638 thumbprint and publishes only public members', async () => {
    await mint(grant);
    const keys = await publishedKeys(em(), new Date());
    expect(keys).to.not.be.empty;
    for (const key of keys) {
      expect(key).to.have.all.keys('kty', 'crv', 'x', 'y', 'kid', 'alg', 'use');
      expect(key).to.include({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
      expect(key.kid).to.equal(
        await calculateJwkThumbprint({ kty: key.kty, crv: key.crv, x: key.x, y: key.y }, 'sha256'),
      );
    }
  });

  it('rotates: new tokens carry the new kid, old ones verify until the old key leaves the JWKS', async () => {
    const ttl = 3600;
    const t0 = new Date();
    // A long-lived token, so that its key's publication window (not its exp) decides.
    const before = await mint(grant, { now: t0, ttlSeconds: 86_400 });
    const oldKid = kidOf(before.token);

    const rotatedAt = secondsAfter(t0, 1);
    const rotation = await rotateSigningKey(em(), await serviceKek(), rotatedAt, ttl);
    expect(rotation.kid).not.to.equal(oldKid);
    const publishUntil = secondsAfter(rotatedAt, ttl + 300);
    expect(rotation.retired).to.deep.include({ kid: oldKid, retiredAt: rotatedAt, publishUntil });

    const after = await mint(grant, { now: secondsAfter(t0, 2) });
    expect(kidOf(after.token)).to.equal(rotation.kid);

    const soon = secondsAfter(t0, 10);
    expect(await verify(before.token, { now: soon })).to.include({ kind: 'oauth', tokenId: before.jti });
    expect(await verify(after.token, { now: soon })).to.include({ kind: 'oauth', tokenId: after.jti });
    const listedSoon = (await publishedKeys(em(), soon)).map((key) => key.kid);
    expect(listedSoon).to.include.members([rotation.kid, oldKid]);
    expect(listedSoon[0]).to.equal(rotation.kid);

    const lastMoment = new Date(publishUntil.getTime() - 1000);
    expect(await verify(before.token, { now: lastMoment })).to.include({ kind: 'oauth' });
    expect((await publishedKeys(em(), lastMoment)).map((key) => key.kid)).to.include(oldKid);

    const later = secondsAfter(publishUntil, 1);
    expect(await verify(before.token, { now: later })).to.equal(undefined);
    const listedLater = (await publishedKeys(em(), later)).map((key) => key.kid);
    expect(listedLater).to.include(rotation.kid);
    expect(listedLater).not.to.include(oldKid);

    // A second rotation retires the key of the first.
    const second = await rotateSigningKey(em(), await serviceKek(), secondsAfter(t0, 3), ttl);
    expect(second.retired.map((key) => key.kid)).to.deep.equal([rotation.kid]);
    expect(kidOf((await mint(grant, { now: secondsAfter(t0, 4) })).token)).to.equal(second.kid);
  });

  it('creates one key when many first uses race', async () => {
    const kek = await serviceKek();
    for (let round = 0; round < 5; round += 1) {
      // Retire every key at once, so the next uses all find none and race to create one.
      await sql(
        "update oauth_signing_keys set retired_at = now(), publish_until = now() + interval '1 hour' where retired_at is null",
      );
      const now = secondsAfter(new Date(), 5 + round);
      const keys = await Promise.all(Array.from({ length: 8 }, () => ensureActiveSigningKey(em(), kek, now)));
      const active = await sql<{ kid: string }>('select kid from oauth_signing_keys where retired_at is null');
      expect(
        active.map((row) => row.kid),
        `round ${round}`,
      ).to.deep.equal([keys[0]!.kid]);
      expect(new Set(keys.map((key) => key.kid)).size, `round ${round}`).to.equal(1);
    }
  });
});
