import { expect } from 'chai';
import type { ServerResponse } from 'node:http';
import {
  callerFor,
  eventually,
  insertBusiness,
  insertEndpoint,
  rows,
  startReceiver,
  workerServiceSuite,
  type Receiver,
} from './delivery-helpers.ts';

/** Three attempts: immediately, then two retries 50 ms apart; after the third failure the delivery fails. */
const SCHEDULE = '0s,50ms,50ms';
const EVENTS = 4;

interface DeliveryRow {
  id: string;
  event_id: string;
  state: string;
  attempts: number;
  last_error: string | null;
}

interface AttemptRow {
  delivery_id: string;
  response_status: number | null;
  response_body: string | null;
  error: string | null;
}

/**
 * Receivers' answers that PostgreSQL cannot store as received (NUL bytes, invalid UTF-8, a body cut
 * inside a character, a megabyte of NULs) are made storable at the boundary, and an attempt never
 * undoes another's record: each bad delivery follows the schedule exactly (three attempts, then
 * failed), and a healthy endpoint of another business, attempted in the same batches, gets each
 * event once, recorded once.
 */
describe('webhook delivery: unstorable answers from receivers', function () {
  this.timeout(60_000);
  const suite = workerServiceSuite(SCHEDULE);
  const { receivers } = suite;

  async function receiver(status: number, body: Buffer): Promise<Receiver> {
    const started = await startReceiver(
      () => [],
      (_entry, res: ServerResponse) => {
        res.statusCode = status;
        res.end(body);
      },
    );
    receivers.push(started);
    return started;
  }

  const deliveriesOf = (endpointId: string) =>
    rows<DeliveryRow>(
      suite.service,
      'select id, event_id, state, attempts, last_error from webhook_deliveries where endpoint_id = ?',
      [endpointId],
    );
  const attemptsOf = (endpointId: string) =>
    rows<AttemptRow>(
      suite.service,
      `select a.delivery_id, a.response_status, a.response_body, a.error from webhook_attempts a
         join webhook_deliveries d on d.id = a.delivery_id where d.endpoint_id = ?`,
      [endpointId],
    );

  /** How many times the receiver got each webhook-id. */
  function timesReceived(hook: Receiver): Map<string, number> {
    const counts = new Map<string, number>();
    for (const entry of hook.received) counts.set(entry.id, (counts.get(entry.id) ?? 0) + 1);
    return counts;
  }

  it('each bad answer is stored cleaned and bounded, attempted as the schedule says; the other business is delivered once, at once', async () => {
    // A body of exactly 1 KiB + 1 byte whose cut falls inside a two-byte character.
    const splitCharacter = Buffer.concat([Buffer.alloc(1023, 'a'), Buffer.from('é')]);
    const bad = {
      nul: await receiver(500, Buffer.from('refused\u0000by\u0000receiver')),
      invalidUtf8: await receiver(500, Buffer.from([0x62, 0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80, 0x00])),
      split: await receiver(500, splitCharacter),
      megabyteOfNul: await receiver(500, Buffer.alloc(1024 * 1024, 0)),
    };
    const deliveredWithNul = await receiver(200, Buffer.from('ok\u0000'));
    const healthy = await receiver(204, Buffer.alloc(0));

    const attacker = await insertBusiness(suite.service);
    const other = await insertBusiness(suite.service);
    const badEndpoints = await Promise.all(
      Object.values(bad).map((hook) =>
        insertEndpoint(suite.service, attacker, hook.url, { events: ['customer.created'] }),
      ),
    );
    const okEndpoint = await insertEndpoint(suite.service, attacker, deliveredWithNul.url, {
      events: ['customer.created'],
    });
    const healthyEndpoint = await insertEndpoint(suite.service, other, healthy.url, { events: ['customer.created'] });

    const attackerCaller = callerFor(suite.service, attacker);
    const otherCaller = callerFor(suite.service, other);
    for (let index = 0; index < EVENTS; index += 1) {
      await attackerCaller.workspace.customers.createCustomer({ name: `Attacker ${index}` });
      await otherCaller.workspace.customers.createCustomer({ name: `Other ${index}` });
    }

    // The healthy business's deliveries are recorded well within a lease (30 s): nothing was rolled back and re-sent.
    await eventually(
      "the other business's deliveries recorded",
      async () => (await deliveriesOf(healthyEndpoint.id)).filter((row) => row.state === 'delivered').length === EVENTS,
      10_000,
    );
    await eventually('every bad delivery failed after its last attempt', async () => {
      for (const endpoint of badEndpoints) {
        const deliveries = await deliveriesOf(endpoint.id);
        if (deliveries.length !== EVENTS || deliveries.some((row) => row.state !== 'failed')) return false;
      }
      return true;
    });
    await eventually(
      'the 200 with a NUL delivered',
      async () => (await deliveriesOf(okEndpoint.id)).filter((row) => row.state === 'delivered').length === EVENTS,
    );

    for (const [index, endpoint] of badEndpoints.entries()) {
      const hook = Object.values(bad)[index]!;
      for (const delivery of await deliveriesOf(endpoint.id)) expect(delivery.attempts).to.equal(3);
      const attempts = await attemptsOf(endpoint.id);
      expect(attempts).to.have.length(3 * EVENTS);
      for (const attempt of attempts) {
        expect(attempt.response_status).to.equal(500);
        expect(attempt.response_body).to.not.include('\u0000');
        expect(attempt.response_body!.length).to.be.at.most(1024);
      }
      expect([...timesReceived(hook).values()]).to.deep.equal(new Array(EVENTS).fill(3));
    }
    const [nulAttempt] = await attemptsOf(badEndpoints[0]!.id);
    expect(nulAttempt!.response_body).to.equal('refused\uFFFDby\uFFFDreceiver');
    const [splitAttempt] = await attemptsOf(badEndpoints[2]!.id);
    expect(splitAttempt!.response_body).to.equal(`${'a'.repeat(1023)}\uFFFD`);

    expect((await deliveriesOf(okEndpoint.id)).map((row) => row.attempts)).to.deep.equal(new Array(EVENTS).fill(1));
    expect((await attemptsOf(okEndpoint.id))[0]!.response_body).to.equal('ok\uFFFD');

    expect([...timesReceived(healthy).values()]).to.deep.equal(new Array(EVENTS).fill(1));
    expect(await attemptsOf(healthyEndpoint.id)).to.have.length(EVENTS);
  });

  it('POST /test to a receiver answering NUL bytes answers the outcome (not 400)', async () => {
    const hook = await receiver(200, Buffer.from('\u0000\u0000'));
    const business = await insertBusiness(suite.service);
    const endpoint = await insertEndpoint(suite.service, business, hook.url);
    const outcome = await callerFor(suite.service, business).webhooks.sendTestEvent({ id: endpoint.id });
    expect(outcome).to.include({ state: 'delivered', attempts: 1, last_status: 200 });
    expect(hook.received).to.have.length(1);
  });
});
