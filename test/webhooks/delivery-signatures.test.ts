import { expect } from 'chai';
import { createPublicKey, verify } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import {
  callerFor,
  eventually,
  insertBusiness,
  rows,
  startReceiver,
  workerServiceSuite,
  type Received,
  type Receiver,
} from './delivery-helpers.ts';

const SCHEDULE = '0s,50ms,50ms';

interface Jwk {
  kty: string;
  crv: string;
  x: string;
  kid: string;
}

/** The kids of the published keys that verify each v1a signature of a delivery (node:crypto, not our signer). */
function v1aVerifiedBy(received: Received, keys: readonly Jwk[]): string[][] {
  const signed = Buffer.from(
    `${received.headers['webhook-id']}.${received.headers['webhook-timestamp']}.${received.body}`,
  );
  return received.headers['webhook-signature']!.split(' ')
    .filter((part) => part.startsWith('v1a,'))
    .map((part) => Buffer.from(part.slice(4), 'base64'))
    .map((signature) =>
      keys
        .filter((jwk) => verify(null, signed, createPublicKey({ key: { ...jwk }, format: 'jwk' }), signature))
        .map((jwk) => jwk.kid),
    );
}

const schemesOf = (received: Received) =>
  received.headers['webhook-signature']!.split(' ').map((part) => part.slice(0, part.indexOf(',')));

describe('webhook delivery signed with v1 (HMAC), v1a (ed25519) or both', function () {
  this.timeout(60_000);
  const suite = workerServiceSuite(SCHEDULE);

  async function receiver(secrets: () => string[] = () => []): Promise<Receiver> {
    const started = await startReceiver(secrets);
    suite.receivers.push(started);
    return started;
  }

  async function publishedKeys(url: string): Promise<Jwk[]> {
    const response = await fetch(url);
    expect(response.status).to.equal(200);
    return ((await response.json()) as { keys: Jwk[] }).keys;
  }

  it('v1a only: one ed25519 signature that the key fetched from the published JWKS verifies, and no HMAC signature', async () => {
    const hook = await receiver();
    const business = await insertBusiness(suite.service);
    const caller = callerFor(suite.service, business);
    const endpoint = await caller.webhooks.createWebhookEndpoint({
      url: hook.url,
      enabled_events: ['*'],
      signature_schemes: ['v1a'],
    });
    await caller.workspace.customers.createCustomer({ name: 'Ed Signed' });
    await eventually('the delivery', () => hook.received.length >= 1);
    const [delivery] = hook.received;
    expect(schemesOf(delivery!)).to.deep.equal(['v1a']);
    expect(delivery!.headers['x-service-signature']).to.equal(delivery!.headers['webhook-signature']);
    const keys = await publishedKeys(endpoint.signing_keys_url);
    expect(v1aVerifiedBy(delivery!, keys)).to.deep.equal([[endpoint.signing_key_id]]);
    expect(() => new Webhook(endpoint.secret).verify(delivery!.body, delivery!.headers)).to.throw();
  });

  it('both: standardwebhooks verifies the v1 signature with the secret and node:crypto the v1a one with the published key', async () => {
    let secret = '';
    const hook = await receiver(() => [secret]);
    const business = await insertBusiness(suite.service);
    const caller = callerFor(suite.service, business);
    const endpoint = await caller.webhooks.createWebhookEndpoint({
      url: hook.url,
      enabled_events: ['*'],
      signature_schemes: ['v1', 'v1a'],
    });
    secret = endpoint.secret;
    await caller.workspace.customers.createCustomer({ name: 'Both Signed' });
    await eventually('the delivery', () => hook.received.length >= 1);
    const [delivery] = hook.received;
    expect(delivery!.verified).to.equal(true);
    expect(schemesOf(delivery!)).to.deep.equal(['v1', 'v1a']);
    expect(v1aVerifiedBy(delivery!, await publishedKeys(endpoint.signing_keys_url))).to.deep.equal([
      [endpoint.signing_key_id],
    ]);
  });

  it('a v1-only endpoint is signed exactly as before: one HMAC signature', async () => {
    let secret = '';
    const hook = await receiver(() => [secret]);
    const business = await insertBusiness(suite.service);
    const caller = callerFor(suite.service, business);
    secret = (await caller.webhooks.createWebhookEndpoint({ url: hook.url, enabled_events: ['*'] })).secret;
    await caller.workspace.customers.createCustomer({ name: 'Hmac Only' });
    await eventually('the delivery', () => hook.received.length >= 1);
    expect(hook.received[0]!.verified).to.equal(true);
    expect(schemesOf(hook.received[0]!)).to.deep.equal(['v1']);
  });

  it('across a key rotation: both keys sign and are published during the overlap, then only the new one', async () => {
    const hook = await receiver();
    const business = await insertBusiness(suite.service);
    const caller = callerFor(suite.service, business);
    const endpoint = await caller.webhooks.createWebhookEndpoint({
      url: hook.url,
      enabled_events: ['*'],
      signature_schemes: ['v1a'],
    });
    const rotated = await caller.webhooks.rotateWebhookSigningKey({ id: endpoint.id });
    const during = await publishedKeys(endpoint.signing_keys_url);
    expect(during.map((key) => key.kid)).to.deep.equal([rotated.signing_key_id, endpoint.signing_key_id]);

    await caller.workspace.customers.createCustomer({ name: 'During Overlap' });
    await eventually('the delivery during the overlap', () => hook.received.length >= 1);
    // Two v1a signatures: the new key's, then the previous key's, each verified by its published key only.
    expect(v1aVerifiedBy(hook.received[0]!, during)).to.deep.equal([
      [rotated.signing_key_id],
      [endpoint.signing_key_id],
    ]);
    // A receiver still holding only the old key verifies it too.
    expect(v1aVerifiedBy(hook.received[0]!, during.slice(1)).flat()).to.deep.equal([endpoint.signing_key_id]);

    // The overlap ends (fixture SQL moves its end into the past): the old key neither signs nor is published.
    await rows(
      suite.service,
      `update webhook_endpoints set previous_signing_key_expires_at = now() - interval '1 second' where id = ?`,
      [endpoint.id],
    );
    const after = await publishedKeys(endpoint.signing_keys_url);
    expect(after.map((key) => key.kid)).to.deep.equal([rotated.signing_key_id]);
    await caller.workspace.customers.createCustomer({ name: 'After Overlap' });
    await eventually('the delivery after the overlap', () => hook.received.length >= 2);
    expect(v1aVerifiedBy(hook.received[1]!, during)).to.deep.equal([[rotated.signing_key_id]]);
  });

  it('a key that does not open fails the attempt without posting, and the log names neither key nor secret', async () => {
    const hook = await receiver();
    const business = await insertBusiness(suite.service);
    const caller = callerFor(suite.service, business);
    const one = await caller.webhooks.createWebhookEndpoint({
      url: hook.url,
      enabled_events: ['*'],
      signature_schemes: ['v1a'],
    });
    const two = await caller.webhooks.createWebhookEndpoint({
      url: hook.url,
      enabled_events: ['*'],
      signature_schemes: ['v1a'],
    });
    // Another endpoint's sealed key copied onto this one's row: bound to its own endpoint id, it does not open here.
    const [sealed] = await rows<{ signing_key_ciphertext: string }>(
      suite.service,
      'select signing_key_ciphertext from webhook_endpoints where id = ?',
      [two.id],
    );
    await rows(suite.service, 'update webhook_endpoints set signing_key_ciphertext = ? where id = ?', [
      sealed!.signing_key_ciphertext,
      one.id,
    ]);
    await caller.workspace.customers.createCustomer({ name: 'Unsignable' });
    await eventually('the delivery to the intact endpoint', () => hook.received.length >= 1);
    await eventually('the failed attempt of the altered one', async () => {
      const [attempt] = await rows<{ error: string | null }>(
        suite.service,
        'select a.error from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id where d.endpoint_id = ?',
        [one.id],
      );
      return attempt?.error === 'The endpoint signing secret could not be opened.';
    });
    expect(hook.received).to.have.length(1);
    const logged = JSON.stringify(suite.service.logs.lines);
    expect(logged).to.not.contain(sealed!.signing_key_ciphertext);
    expect(logged).to.not.contain(one.secret).and.not.contain(two.secret);
  });
});
