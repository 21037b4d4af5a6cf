import { canonicalizeAgentCard, verifyAgentCardSignature, type AgentCard } from '@a2a-js/sdk';
import { ClientFactory, DefaultAgentCardResolver } from '@a2a-js/sdk/client';
import { DefaultAgentCardResolver as DefaultAgentCardResolver03 } from 'a2a-js-sdk-v03/client';
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import {
  base64url,
  createRemoteJWKSet,
  decodeProtectedHeader,
  flattenedVerify,
  type JWK,
  type ProtectedHeaderParameters,
} from 'jose';
import { canonicalJson } from '../../core/domain/canonical-json.ts';
import { Secret } from '../../core/config.ts';
import { createLogger } from '../../core/logger.ts';
import { systemCaller } from '../../scripts/lib/system-caller.ts';
import { request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { startComposedApp } from '../helpers/test-service.ts';
import { cardPayloads } from '../../core/services/a2a/card-payloads.ts';
import { a2aUrl, type Json } from './fixtures.ts';

interface Signature {
  protected: string;
  signature: string;
}

const jwksUrl = (): string => `${service().config.baseUrl}/v1/oauth/jwks`;

async function fetchCard(url = a2aUrl()): Promise<{ card: Json; text: string; etag: string }> {
  const answer = await request<Json>(url);
  expect(answer.status, answer.text).to.equal(200);
  return { card: answer.body, text: answer.text, etag: answer.headers.get('etag')! };
}

/** What the whole-card signature covers: RFC 8785 JSON of the card without `signatures` (core's JCS, checked against the RFC's vectors). */
function wholeCardPayload(card: Json): string {
  const { signatures: _signatures, ...unsigned } = card;
  return canonicalJson(unsigned);
}

/** jose verifies one detached-payload JWS of the card against the JWKS the service publishes. */
async function verify(signature: Signature, payload: string): Promise<ProtectedHeaderParameters> {
  const jwks = createRemoteJWKSet(new URL(jwksUrl()));
  const result = await flattenedVerify({ ...signature, payload: base64url.encode(payload) }, jwks, {
    algorithms: ['ES256'],
  });
  return result.protectedHeader!;
}

/** The SDK's own verifier over the card as served, resolving the key from the jku the header names. */
async function sdkVerifies(card: Json): Promise<boolean> {
  const verifier = verifyAgentCardSignature(async (kid, jku) => {
    const keys = (await request<{ keys: JWK[] }>(jku!)).body.keys;
    return keys.find((key) => key.kid === kid)!;
  });
  const quiet = console.debug;
  console.debug = () => {};
  try {
    await verifier(card as AgentCard);
    return true;
  } catch {
    return false;
  } finally {
    console.debug = quiet;
  }
}

async function rejects(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
  throw new Error('expected the verification to fail');
}

/** Every "", [] and {} in a JSON value (A2A 1.0's canonicalisation removes them before signing). */
function emptyMembers(value: unknown, path = '$'): string[] {
  if (value === '' || (Array.isArray(value) && value.length === 0)) return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => emptyMembers(item, `${path}[${index}]`));
  if (typeof value !== 'object' || value === null) return [];
  const entries = Object.entries(value);
  if (entries.length === 0) return [path];
  return entries.flatMap(([key, item]) => emptyMembers(item, `${path}.${key}`));
}

/**
 * The agent card signed as A2A 1.0 section 8.4 says (JWS over the RFC 8785 canonical card without
 * `signatures`, ES256 with the OAuth server's key, `kid` in its JWKS), checked with jose (an
 * independent JWS implementation) and with the official SDK's verifier and canonicalisation.
 */
describe('A2A agent card signature', function () {
  this.timeout(60_000);

  const admin = () =>
    systemCaller({
      orm: service().database.orm,
      services: service().services,
      config: service().config,
      log: createLogger('silent'),
    });

  it('carries two ES256 JWS whose protected header names alg, typ JOSE, a kid of the JWKS and the JWKS as jku', async () => {
    const { card } = await fetchCard();
    expect(card.signatures).to.be.an('array').with.length(2);
    const published = (await request<{ keys: JWK[] }>(jwksUrl())).body.keys.map((key) => key.kid);
    for (const signature of card.signatures as Signature[]) {
      expect(signature).to.have.all.keys('protected', 'signature');
      const header = decodeProtectedHeader(signature);
      expect(header).to.deep.equal({ alg: 'ES256', typ: 'JOSE', kid: header.kid, jku: jwksUrl() });
      expect(published).to.include(header.kid);
    }
    // The last member, so the signed card is the unsigned card's text with one member added.
    expect(Object.keys(card).at(-1)).to.equal('signatures');
  });

  it('signs the card as the 1.0 schema reads it (first, what the SDKs check) and the whole card as served (second)', async () => {
    const { card } = await fetchCard();
    const [schema10, whole] = card.signatures as Signature[];
    await verify(whole!, wholeCardPayload(card));
    await verify(schema10!, canonicalizeAgentCard(card as AgentCard));
    expect(await sdkVerifies(card)).to.equal(true);
    // The two readings differ by the 0.3 members only: each signature covers its own reading.
    expect(canonicalizeAgentCard(card as AgentCard)).not.to.equal(wholeCardPayload(card));
    expect(await rejects(verify(whole!, canonicalizeAgentCard(card as AgentCard)))).to.equal(
      'ERR_JWS_SIGNATURE_VERIFICATION_FAILED',
    );
    // A2A 1.0 drops empty members before signing. The card's only empty members are the empty security
    // requirements that say anonymous use is allowed: 1.0's reading cannot carry them, the whole-card
    // signature covers them.
    expect(emptyMembers(card)).to.deep.equal(['$.security[1]', '$.securityRequirements[1]']);
  });

  it('fails to verify a card changed in any member, a 0.3 member included', async () => {
    const { card } = await fetchCard();
    const [schema10, whole] = card.signatures as Signature[];
    const described = { ...card, description: `${card.description} Now free of charge.` };
    expect(await rejects(verify(whole!, wholeCardPayload(described)))).to.equal(
      'ERR_JWS_SIGNATURE_VERIFICATION_FAILED',
    );
    expect(await rejects(verify(schema10!, canonicalizeAgentCard(described)))).to.equal(
      'ERR_JWS_SIGNATURE_VERIFICATION_FAILED',
    );
    expect(await sdkVerifies(described)).to.equal(false);

    const skills = structuredClone(card.skills);
    skills[0].tags.push('free');
    expect(await sdkVerifies({ ...card, skills })).to.equal(false);

    const moved = { ...card, url: 'https://attacker.example/a2a' };
    expect(await rejects(verify(whole!, wholeCardPayload(moved)))).to.equal('ERR_JWS_SIGNATURE_VERIFICATION_FAILED');
    // The 1.0 reading does not see the 0.3 members (the SDK's canonicalisation drops them): only the whole-card signature guards them.
    await verify(schema10!, canonicalizeAgentCard(moved));

    const resigned = { ...card, signatures: [{ ...whole!, signature: schema10!.signature }] };
    expect(await rejects(verify(resigned.signatures[0], wholeCardPayload(card)))).to.equal(
      'ERR_JWS_SIGNATURE_VERIFICATION_FAILED',
    );
  });

  it('is the same bytes on every request and on another instance, so the ETag holds and 304 answers', async () => {
    const first = await fetchCard();
    const again = await fetchCard(`${service().config.siteUrl}/.well-known/agent-card.json`);
    expect(again.text).to.equal(first.text);
    // Another instance over the same database, answering in the same site URL: the signatures the first kept, byte for byte.
    const own = service().config;
    const other = await startComposedApp(service(), {
      adjust: (config) => ({ ...config, siteUrlConfigured: true, siteUrl: own.siteUrl, baseUrl: own.baseUrl }),
    });
    try {
      const elsewhere = await fetchCard(`http://127.0.0.1:${other.port}/.well-known/agent.json`);
      expect(elsewhere.text).to.equal(first.text);
      expect(elsewhere.etag).to.equal(first.etag);
    } finally {
      await other.close();
    }
    const revalidated = await fetch(a2aUrl(), {
      headers: { 'If-None-Match': first.etag, 'Cache-Control': 'max-age=0' },
    });
    expect(revalidated.status).to.equal(304);
    const head = await fetch(a2aUrl(), { method: 'HEAD' });
    expect(head.headers.get('etag')).to.equal(first.etag);
    expect(await head.text()).to.equal('');
  });

  it('follows a key rotation: the new kid signs, the ETag changes, and the card signed before still verifies', async () => {
    const before = await fetchCard();
    const rotated = await admin().infrastructure.signingKeys.rotate({});
    const after = await fetchCard();
    for (const signature of after.card.signatures as Signature[]) {
      expect(decodeProtectedHeader(signature).kid).to.equal(rotated.kid);
    }
    expect(rotated.retired.map((key) => key.kid)).to.include(decodeProtectedHeader(before.card.signatures[0]).kid);
    expect(after.etag).not.to.equal(before.etag);
    const header = await verify(after.card.signatures[1], wholeCardPayload(after.card));
    expect(header.kid).to.equal(rotated.kid);
    expect(await sdkVerifies(after.card)).to.equal(true);
    // The retired key stays in the JWKS for its publication window: a card cached before the rotation verifies.
    await verify(before.card.signatures[1], wholeCardPayload(before.card));
    expect(await sdkVerifies(before.card)).to.equal(true);

    const stale = await fetch(a2aUrl(), { headers: { 'If-None-Match': before.etag, 'Cache-Control': 'max-age=0' } });
    expect(stale.status).to.equal(200);
    expect(await stale.text()).to.equal(after.text);
  });

  it('is answered unsigned, the failure logged, when the key cannot be opened (a key-encryption key that does not match)', async () => {
    const other = await startComposedApp(service(), {
      logLevel: 'debug',
      adjust: (config) => ({
        ...config,
        oauthTokens: { ...config.oauthTokens, keyEncryptionKey: new Secret(randomBytes(32)) },
      }),
    });
    try {
      // Its own site URL makes a card text no key has signed yet, so it must open the active key, and cannot.
      const { card } = await fetchCard(`${other.url}/.well-known/agent-card.json`);
      expect(card).not.to.have.property('signatures');
      expect(card.name).to.be.a('string');
      expect(other.logs.lines.some((line) => String(line.msg).includes('could not be signed'))).to.equal(true);
    } finally {
      await other.close();
    }
  });

  it('is parsed by both SDKs: @a2a-js/sdk 1.3 createFromUrl and the 0.3 SDK’s card resolver', async () => {
    // createFromUrl parses the public card; getAgentCard() would fetch the extended card, which needs a token.
    await new ClientFactory().createFromUrl(service().config.siteUrl);
    const card = await new DefaultAgentCardResolver().resolve(service().config.siteUrl);
    expect(card.signatures).to.have.length(2);
    expect(card.signatures[0]!.protected).to.be.a('string').and.not.empty;
    const card03 = await new DefaultAgentCardResolver03().resolve(service().config.siteUrl);
    expect(card03.url).to.equal(a2aUrl());
    expect(card03.signatures).to.have.length(2);
  });

  it('reads a card as the SDK does for the 1.0 signature: security schemes, flows, extensions, defaults and 0.3 members', () => {
    const card = {
      name: 'Agent',
      description: 'Does things.',
      version: '1.0.0',
      iconUrl: 'https://agent.example/icon.png',
      provider: { organization: 'Org', url: 'https://agent.example' },
      documentationUrl: '',
      capabilities: {
        streaming: false,
        pushNotifications: true,
        extendedAgentCard: true,
        extensions: [
          { uri: 'urn:x', required: false, params: { a: [], b: '', c: { d: 1, e: null } } },
          { uri: 'urn:y', description: 'Y', required: true },
        ],
      },
      securitySchemes: {
        oauth: {
          oauth2SecurityScheme: {
            description: 'OAuth 2.0',
            oauth2MetadataUrl: 'https://agent.example/.well-known/oauth-authorization-server',
            flows: {
              authorizationCode: {
                authorizationUrl: 'https://agent.example/authorize',
                tokenUrl: 'https://agent.example/token',
                refreshUrl: '',
                scopes: { 'a2a:tasks': 'Your tasks', empty: '' },
                pkceRequired: true,
              },
            },
          },
        },
        key: { apiKeySecurityScheme: { location: 'header', name: 'X-Key' } },
        bearer: { httpAuthSecurityScheme: { scheme: 'Bearer', bearerFormat: 'JWT' } },
        mtls: { mtlsSecurityScheme: {} },
      },
      securityRequirements: [{ schemes: { oauth: { list: ['a2a:tasks'] } } }, { schemes: {} }],
      defaultInputModes: ['text/plain'],
      defaultOutputModes: ['application/json'],
      skills: [
        {
          id: 's',
          name: 'S',
          description: 'Skill.',
          tags: ['t'],
          examples: [],
          securityRequirements: [{ schemes: { oauth: { list: [] } } }],
          unknown: 'dropped',
        },
      ],
      supportedInterfaces: [
        { url: 'https://agent.example/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0', tenant: '' },
      ],
      protocolVersion: '0.3.0',
      url: 'https://agent.example/a2a',
      preferredTransport: 'JSONRPC',
      additionalInterfaces: [{ url: 'https://agent.example/a2a', transport: 'JSONRPC' }],
      signatures: [{ protected: 'x', signature: 'y' }],
    };
    const [schema10, whole] = cardPayloads(card);
    expect(schema10).to.equal(canonicalizeAgentCard(card as unknown as AgentCard));
    expect(whole).to.equal(wholeCardPayload(card));
    // A card with only 1.0 members, none empty, is read the same both ways: one signature covers it.
    const { protocolVersion: _v, url: _u, preferredTransport: _p, additionalInterfaces: _a, ...current } = card;
    const plain = {
      ...current,
      documentationUrl: 'https://agent.example/docs',
      skills: [{ id: 's', name: 'S', description: 'D', tags: ['t'] }],
    };
    delete (plain as Record<string, unknown>).securitySchemes;
    delete (plain as Record<string, unknown>).securityRequirements;
    (plain as Record<string, unknown>).capabilities = { streaming: true };
    (plain as Record<string, unknown>).supportedInterfaces = [
      { url: 'https://agent.example/a2a', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
    ];
    expect(cardPayloads(plain)).to.deep.equal([canonicalizeAgentCard(plain as unknown as AgentCard)]);
  });
});
