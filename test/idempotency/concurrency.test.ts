import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { request, type JsonResponse } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { ProbeApp } from './probe-app.ts';

const PARALLEL = 100;

describe('Idempotency-Key under concurrency', function () {
  this.timeout(60_000);
  let probe: ProbeApp;

  before(async () => {
    probe = await new ProbeApp(service()).start();
  });
  after(() => probe.close());

  function post(key: string, body: string): Promise<JsonResponse> {
    return request(`${probe.url}/probe/race`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
      body,
    });
  }

  it(`${PARALLEL} parallel requests with one key, the first held: one executes, the others answer 409 in progress`, async () => {
    const key = randomUUID();
    const gate = probe.hold();
    const before = probe.executions;
    const others: JsonResponse[] = [];
    let allOthers!: () => void;
    const othersAnswered = new Promise<void>((resolve) => (allOthers = resolve));
    const requests = Array.from({ length: PARALLEL }, () =>
      post(key, '{"race":1}').then((response) => {
        if (response.status === 409) {
          others.push(response);
          if (others.length === PARALLEL - 1) allOthers();
        }
        return response;
      }),
    );
    await gate.started;
    // A second execution would wait on nothing and answer 200; the count below would show it.
    await othersAnswered;
    expect(probe.executions - before).to.equal(1);
    for (const response of others) {
      expect((response.body as { code: string }).code).to.equal('IDEMPOTENCY_REQUEST_IN_PROGRESS');
      expect(Number(response.headers.get('retry-after'))).to.be.at.least(1);
    }
    gate.open();
    const answers = await Promise.all(requests);
    expect(answers.filter((response) => response.status === 200)).to.have.length(1);
    expect(probe.executions - before).to.equal(1);
  });

  it(`${PARALLEL} parallel requests with one key: exactly one execution; the others replay it or answer 409 in progress`, async () => {
    const key = randomUUID();
    const before = probe.executions;
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => post(key, '{"race":2}')));
    expect(probe.executions - before).to.equal(1);
    const executed = answers.filter(
      (response) => response.status === 200 && !response.headers.get('idempotency-replayed'),
    );
    expect(executed).to.have.length(1);
    for (const response of answers) {
      if (response === executed[0]) continue;
      if (response.status === 200) {
        expect(response.headers.get('idempotency-replayed')).to.equal('true');
        expect(response.text).to.equal(executed[0]!.text);
      } else {
        expect(response.status, response.text).to.equal(409);
        expect((response.body as { code: string }).code).to.equal('IDEMPOTENCY_REQUEST_IN_PROGRESS');
      }
    }
  });

  it(`${PARALLEL} parallel requests with ${PARALLEL} keys all execute, once each`, async () => {
    const before = probe.executions;
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => post(randomUUID(), '{"race":3}')));
    expect(answers.every((response) => response.status === 200)).to.equal(true);
    expect(probe.executions - before).to.equal(PARALLEL);
  });
});
