import { randomBytes } from 'node:crypto';
import {
  buildSIWxSchema,
  createSIWxMessage,
  encodeSIWxHeader,
  wrapFetchWithSIWx,
  type SIWxExtension,
  type SIWxExtensionInfo,
} from '@x402/extensions/sign-in-with-x';
import { expect } from 'chai';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { createLogger } from '../../core/logger.ts';
import { isOurNonce, mintNonce, signInNonceKey } from '../../core/services/purchase/sign-in-challenge.ts';
import { systemCaller } from '../../scripts/lib/system-caller.ts';
import { startLocalFacilitator, type LocalFacilitator } from '../../scripts/dev/local-facilitator.ts';
import { expectErrorMessage, request, type JsonResponse } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { fixtureEm } from '../helpers/workspace.ts';
import { startContractWalletDouble, type ContractWalletDouble } from './contract-wallet-double.ts';
import { NETWORK, paidAppSuite, paymentVariables, startPaidApp, type PaidApp } from './paid-app.ts';
import { payerAccount, paymentRequiredOf, signPayment } from './payer.ts';
import { ucpAgentHeaders } from '../helpers/ucp-checkout.ts';

type Json = Record<string, unknown>;

async function sql<T = Json>(text: string, params: unknown[] = []): Promise<T[]> {
  return fixtureEm().getConnection().execute<T[]>(text, params);
}

function key(): Promise<Buffer> {
  return signInNonceKey({ services: service().services, log: createLogger('silent') });
}

/** The 402's sign-in-with-x extension. */
async function challengeAt(endpoint: string): Promise<SIWxExtension> {
  const unpaid = await request(endpoint);
  expect(unpaid.status).to.equal(402);
  return paymentRequiredOf(unpaid.headers).extensions!['sign-in-with-x'] as SIWxExtension;
}

/**
 * A SIGN-IN-WITH-X header for `info` signed by `signer` and claiming `address` (default: the
 * signer's), built with the SDK's own message format but without its client-side origin check, so
 * that a test can send what a hostile or broken client would.
 */
async function signedHeader(
  info: SIWxExtensionInfo,
  signer: PrivateKeyAccount,
  address: string = signer.address,
): Promise<string> {
  const complete = { ...info, chainId: NETWORK, type: 'eip191' as const };
  const message = createSIWxMessage(complete, address);
  const signature = await signer.signMessage({ message });
  return encodeSIWxHeader({ ...complete, address, signature });
}

function signIn(endpoint: string, header: string): Promise<JsonResponse<Json>> {
  return request<Json>(endpoint, { headers: { 'SIGN-IN-WITH-X': header } });
}

/** A 402 PAYMENT_REQUIRED whose message names why the sign-in was refused, with a fresh challenge. */
function expectRefused(response: JsonResponse<Json>, why: RegExp): void {
  expectErrorMessage(response, 402, 'PAYMENT_REQUIRED');
  expect(response.body.message)
    .to.match(/^Sign-in refused \(/)
    .and.to.match(why);
  expect(paymentRequiredOf(response.headers).extensions).to.have.property('sign-in-with-x');
}

function expectReference(response: JsonResponse<Json>, endpoint: string): void {
  expect(response.status, response.text).to.equal(200);
  expect(Object.keys(response.body).sort()).to.deep.equal(['content', 'protocol', 'resource']);
  expect(response.body).to.include({ resource: endpoint, protocol: 'x402' });
  expect(response.body.content).to.match(/^# /);
  // Nothing was settled: no PAYMENT-RESPONSE.
  expect(response.headers.get('payment-response')).to.equal(null);
}

/** Pays once as `payerAccount`; answers the revision the payment recorded. */
async function payOnce(endpoint: string): Promise<string> {
  const unpaid = await request(endpoint);
  const { header, payload } = await signPayment(paymentRequiredOf(unpaid.headers));
  const paid = await request(endpoint, { headers: { 'PAYMENT-SIGNATURE': header } });
  expect(paid.status, paid.text).to.equal(200);
  const nonce = (payload.payload as { authorization: { nonce: string } }).authorization.nonce.toLowerCase();
  const [row] = await sql<{ reference_revision: string }>(
    'select reference_revision from payments_received where nonce = ?',
    [nonce],
  );
  expect(row!.reference_revision).to.match(/^sha256:[0-9a-f]{64}$/);
  return row!.reference_revision;
}

/** A settled payment by `payer` recorded directly (the wallet paid, some time ago, for some revision). */
async function settledPayment(payer: string, revision: string, settledHoursAgo: number): Promise<void> {
  const settledAt = new Date(Date.now() - settledHoursAgo * 3600_000).toISOString();
  await sql(
    `insert into payments_received (id, network, payer, pay_to, asset, amount, nonce, transaction, resource, state,
       created_at, settled_at, reference_revision)
     values (gen_random_uuid(), ?, ?, ?, ?, '1000000', ?, ?, 'https://example.test/', 'settled', ?::timestamptz, ?::timestamptz, ?)`,
    [
      NETWORK,
      payer.toLowerCase(),
      '0x2222222222222222222222222222222222222222',
      '0x036cbd53842c5426634e7929541ec2318f3dcf7e',
      `0x${randomBytes(32).toString('hex')}`,
      `0x${randomBytes(32).toString('hex')}`,
      settledAt,
      settledAt,
      revision,
    ],
  );
}

async function count(table: string): Promise<number> {
  const [row] = await sql<{ n: string | number }>(`select count(*) as n from ${table}`);
  return Number(row!.n);
}

describe('returning buyers: sign-in-with-x re-reads of the paid reference', function () {
  this.timeout(120_000);
  const suite = paidAppSuite();
  let revision: string;

  before(async () => {
    revision = await payOnce(suite.app.endpoint);
  });

  it('declares a fresh challenge in every 402: host, URL, version 1, an HMAC-tagged nonce, 5 minutes, the chain', async () => {
    const endpoint = suite.app.endpoint;
    const first = await challengeAt(endpoint);
    const second = await challengeAt(endpoint);
    const { info } = first;
    expect(info.domain).to.equal(new URL(endpoint).host);
    expect(info.uri).to.equal(endpoint);
    expect(info.resources).to.deep.equal([endpoint]);
    expect(info.version).to.equal('1');
    expect(info.statement).to.be.a('string').and.not.empty;
    expect(info.nonce).to.match(/^[0-9a-f]{32}$/);
    expect(second.info.nonce).to.not.equal(info.nonce);
    expect(isOurNonce(await key(), info.nonce, info.issuedAt)).to.equal(true);
    expect(
      isOurNonce(await key(), info.nonce, second.info.issuedAt === info.issuedAt ? 'x' : second.info.issuedAt),
    ).to.equal(false);
    expect(Date.parse(info.expirationTime!) - Date.parse(info.issuedAt)).to.equal(5 * 60_000);
    expect(Math.abs(Date.parse(info.issuedAt) - Date.now())).to.be.below(60_000);
    expect(first.supportedChains).to.deep.equal([{ chainId: NETWORK, type: 'eip191' }]);
    expect(first.schema).to.deep.equal(buildSIWxSchema());
  });

  it('keeps the unpaid 402 free: no row stored, no facilitator call', async () => {
    const before = { nonces: await count('payments_sign_in_nonces'), payments: await count('payments_received') };
    const calls = { ...suite.facilitator.calls };
    for (let i = 0; i < 5; i += 1) await challengeAt(suite.app.endpoint);
    expect(await count('payments_sign_in_nonces')).to.equal(before.nonces);
    expect(await count('payments_received')).to.equal(before.payments);
    expect(suite.facilitator.calls).to.deep.equal(calls);
  });

  it('lets the wallet that paid for this revision re-read it without paying (EOA, the SDK client wrapper)', async () => {
    const settled = suite.facilitator.settled.length;
    const fetchWithSignIn = wrapFetchWithSIWx(fetch, payerAccount);
    const response = await fetchWithSignIn(suite.app.endpoint);
    const body = (await response.json()) as Json;
    expectReference({ status: response.status, headers: response.headers, body, text: '' }, suite.app.endpoint);
    expect(suite.facilitator.settled.length).to.equal(settled);
  });

  it('refuses a replayed proof, and of 50 concurrent copies lets exactly one through', async () => {
    const header = await signedHeader((await challengeAt(suite.app.endpoint)).info, payerAccount);
    expectReference(await signIn(suite.app.endpoint, header), suite.app.endpoint);
    expectRefused(await signIn(suite.app.endpoint, header), /invalid_siwx_nonce: this challenge was used before/);

    const copies = await signedHeader((await challengeAt(suite.app.endpoint)).info, payerAccount);
    const answers = await Promise.all(Array.from({ length: 50 }, () => signIn(suite.app.endpoint, copies)));
    expect(answers.filter((answer) => answer.status === 200)).to.have.length(1);
    for (const answer of answers.filter((one) => one.status !== 200)) expectRefused(answer, /used before/);
    const [row] = await sql<{ address: string }>('select address from payments_sign_in_nonces where nonce = ?', [
      JSON.parse(Buffer.from(copies, 'base64').toString('utf8')).nonce,
    ]);
    expect(row!.address).to.equal(payerAccount.address.toLowerCase());
  });

  it('answers a wallet with no payment for this revision in 24 hours the normal 402, saying so', async () => {
    const stranger = privateKeyToAccount(generatePrivateKey());
    const refusedAnswer = await signIn(
      suite.app.endpoint,
      await signedHeader((await challengeAt(suite.app.endpoint)).info, stranger),
    );
    expectRefused(refusedAnswer, /no settled payment by 0x[0-9a-fA-F]{40} for this revision/);

    const otherRevision = privateKeyToAccount(generatePrivateKey());
    await settledPayment(otherRevision.address, `sha256:${'0'.repeat(64)}`, 1);
    expectRefused(
      await signIn(suite.app.endpoint, await signedHeader((await challengeAt(suite.app.endpoint)).info, otherRevision)),
      /no settled payment/,
    );

    const longAgo = privateKeyToAccount(generatePrivateKey());
    await settledPayment(longAgo.address, revision, 25);
    expectRefused(
      await signIn(suite.app.endpoint, await signedHeader((await challengeAt(suite.app.endpoint)).info, longAgo)),
      /in the last 24 hours/,
    );

    const recent = privateKeyToAccount(generatePrivateKey());
    await settledPayment(recent.address, revision, 23);
    expectReference(
      await signIn(suite.app.endpoint, await signedHeader((await challengeAt(suite.app.endpoint)).info, recent)),
      suite.app.endpoint,
    );
  });

  it('refuses expired, future, wrong-domain, wrong-uri, foreign-nonce and badly signed proofs with a 402 naming why', async () => {
    const endpoint = suite.app.endpoint;
    const fresh = async () => (await challengeAt(endpoint)).info;
    const at = async (offsetMs: number): Promise<SIWxExtensionInfo> => {
      const issued = new Date(Date.now() + offsetMs);
      const issuedAt = issued.toISOString();
      return {
        ...(await fresh()),
        issuedAt,
        expirationTime: new Date(issued.getTime() + 5 * 60_000).toISOString(),
        nonce: mintNonce(await key(), issuedAt),
      };
    };
    const cases: [string, SIWxExtensionInfo, RegExp][] = [
      ['issued 6 minutes ago', await at(-6 * 60_000), /invalid_siwx_issued_at_too_old/],
      ['issued in the future', await at(60_000), /invalid_siwx_issued_at_in_future/],
      [
        'expired',
        { ...(await fresh()), expirationTime: new Date(Date.now() - 1000).toISOString() },
        /invalid_siwx_expired/,
      ],
      [
        'not yet valid',
        { ...(await fresh()), notBefore: new Date(Date.now() + 60_000).toISOString() },
        /not_yet_valid/,
      ],
      ['another domain', { ...(await fresh()), domain: 'evil.example' }, /invalid_siwx_domain_mismatch/],
      [
        'a uri on another origin',
        { ...(await fresh()), uri: 'https://evil.example/api/v1/agent/paid-reference' },
        /invalid_siwx_uri_mismatch/,
      ],
      [
        'a nonce we did not issue',
        { ...(await fresh()), nonce: randomBytes(16).toString('hex') },
        /invalid_siwx_nonce/,
      ],
      [
        'a nonce of ours with another issuedAt',
        { ...(await fresh()), issuedAt: new Date(Date.now() - 1000).toISOString() },
        /invalid_siwx_nonce/,
      ],
    ];
    for (const [what, info, why] of cases) {
      const response = await signIn(endpoint, await signedHeader(info, payerAccount));
      expect(response.status, what).to.equal(402);
      expectRefused(response, why);
    }
    // Signed by another key for the paying address: no EOA recovery, and no RPC here for EIP-1271.
    const forger = privateKeyToAccount(generatePrivateKey());
    expectRefused(
      await signIn(endpoint, await signedHeader(await fresh(), forger, payerAccount.address)),
      /invalid_siwx_verifier_error: .*PAYMENT_RPC_URL is not set/,
    );
  });

  it('answers a header that is not a proof at all a 402 saying so, never a 500', async () => {
    const endpoint = suite.app.endpoint;
    const garbage: [string, RegExp][] = [
      ['!!!', /not valid base64/],
      [Buffer.from('not json').toString('base64'), /not valid JSON/],
      [Buffer.from(JSON.stringify({ domain: 'x' })).toString('base64'), /Invalid SIWX header/],
      ['A'.repeat(9000), /longer than 8192/],
    ];
    for (const [header, why] of garbage) expectRefused(await signIn(endpoint, header), why);
    const info = (await challengeAt(endpoint)).info;
    const wrongChain = { ...info, chainId: 'eip155:1', type: 'eip191' as const };
    const message = createSIWxMessage(wrongChain, payerAccount.address);
    const header = encodeSIWxHeader({
      ...wrongChain,
      address: payerAccount.address,
      signature: await payerAccount.signMessage({ message }),
    });
    expectRefused(await signIn(endpoint, header), /chainId: expected eip155:84532/);
  });

  it('does not honour a sign-in on a UCP handoff URL (a checkout session is paid with a payment)', async () => {
    // Created as checkout-handoff.test.ts creates its sessions.
    const created = await request<{ id: string }>(`${suite.app.baseUrl}/v1/agent/ucp/checkout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(await ucpAgentHeaders()) },
      body: '{}',
    });
    expect(created.status, created.text).to.equal(201);
    const url = `${suite.app.endpoint}?checkout_session=${created.body.id}`;
    expectRefused(
      await signIn(url, await signedHeader((await challengeAt(url)).info, payerAccount)),
      /checkout session/,
    );
  });

  it('sweeps used nonces once their challenge has ended', async () => {
    await sql(
      `insert into payments_sign_in_nonces (nonce, address, expires_at) values (?, ?, now() - interval '1 minute')`,
      [randomBytes(16).toString('hex'), payerAccount.address.toLowerCase()],
    );
    const running = service();
    const caller = systemCaller({
      orm: running.database.orm,
      services: running.services,
      config: running.config,
      log: createLogger('silent'),
    });
    const { deleted } = await caller.infrastructure.signInNonces.sweepExpired({ limit: 1000 });
    expect(deleted).to.be.at.least(1);
    const [left] = await sql<{ n: string | number }>(
      'select count(*) as n from payments_sign_in_nonces where expires_at < now()',
    );
    expect(Number(left!.n)).to.equal(0);
  });
});

describe('returning buyers with a contract wallet (EIP-1271 through PAYMENT_RPC_URL)', function () {
  this.timeout(120_000);
  const owner = privateKeyToAccount(generatePrivateKey());
  const contract = `0x${randomBytes(20).toString('hex')}` as const;
  let facilitator: LocalFacilitator;
  let rpc: ContractWalletDouble;
  let app: PaidApp;

  before(async () => {
    facilitator = await startLocalFacilitator(NETWORK);
    rpc = await startContractWalletDouble(owner, contract);
    app = await startPaidApp(paymentVariables(facilitator.url, { PAYMENT_RPC_URL: rpc.url }));
    await settledPayment(contract, await payOnce(app.endpoint), 1);
  });
  after(async () => {
    await app?.close();
    await rpc?.close();
    await facilitator?.close();
  });

  it('lets the contract wallet re-read when its owner signed (isValidSignature answers 0x1626ba7e)', async () => {
    const info = (await challengeAt(app.endpoint)).info;
    expectReference(await signIn(app.endpoint, await signedHeader(info, owner, contract)), app.endpoint);
    expect(rpc.calls.eth_getCode).to.be.at.least(1);
    expect(rpc.calls.eth_call).to.be.at.least(1);
  });

  it('refuses a signature the contract does not accept, an address without code, and an endpoint that is down', async () => {
    const stranger = privateKeyToAccount(generatePrivateKey());
    expectRefused(
      await signIn(app.endpoint, await signedHeader((await challengeAt(app.endpoint)).info, stranger, contract)),
      /invalid_siwx_signature/,
    );
    const noCode = `0x${randomBytes(20).toString('hex')}`;
    expectRefused(
      await signIn(app.endpoint, await signedHeader((await challengeAt(app.endpoint)).info, owner, noCode)),
      /invalid_siwx_signature/,
    );
    rpc.fault = 'error500';
    try {
      const down = await signIn(
        app.endpoint,
        await signedHeader((await challengeAt(app.endpoint)).info, owner, contract),
      );
      expectRefused(down, /invalid_siwx_verifier_error: the EVM JSON-RPC endpoint \(PAYMENT_RPC_URL\) failed/);
      expect(down.body.message).to.not.contain(rpc.url);
    } finally {
      rpc.fault = undefined;
    }
  });
});
