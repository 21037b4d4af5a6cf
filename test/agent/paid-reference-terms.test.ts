import { expect } from 'chai';
import {
  ZPaidReferenceTerms,
  type PaidReferenceTerms,
} from '../../core/routers/agent/describe-paid-reference.schema.ts';
import { explainPaidReferenceSkill } from '../../core/routers/agent/describe-paid-reference.skill.ts';
import { describePaidReferenceTerms } from '../../core/services/agent/paid-reference-terms.ts';
import { request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';

interface OpenApiOperation {
  operationId: string;
  security: unknown[];
  tags: string[];
  responses: Record<string, unknown>;
}

describe('GET /api/v1/agent/paid-reference/terms', () => {
  const url = () => `${service().config.baseUrl}/v1/agent/paid-reference/terms`;
  let terms: PaidReferenceTerms;
  let headers: Headers;

  before(async () => {
    const response = await request<PaidReferenceTerms>(url());
    expect(response.status, response.text).to.equal(200);
    expect(response.headers.get('content-type')).to.match(/^application\/json/);
    terms = response.body;
    headers = response.headers;
  });

  it('answers the terms, exactly the output schema (no field more or less)', () => {
    expect(ZPaidReferenceTerms.strict().parse(terms)).to.deep.equal(terms);
    expect(terms).to.have.all.keys(
      'resource',
      'price',
      'protocol',
      'content',
      'available',
      'unavailable_reason',
      'links',
    );
  });

  it('prices one reference at 1 USD, intent charge: 1,000,000 atomic units of USDC', () => {
    expect(terms.price).to.include({
      intent: 'charge',
      amount: '1',
      currency: 'USD',
      asset: 'USDC',
      asset_decimals: 6,
      atomic_amount: '1000000',
    });
    expect(Number(terms.price.atomic_amount)).to.equal(Number(terms.price.amount) * 10 ** terms.price.asset_decimals);
  });

  it('names x402 version 2 with its three headers and the clients that pay it', () => {
    expect(terms.protocol).to.include({ name: 'x402', version: 2, scheme: 'exact' });
    expect(terms.protocol.headers).to.deep.equal({
      payment_required: 'PAYMENT-REQUIRED',
      payment_signature: 'PAYMENT-SIGNATURE',
      payment_response: 'PAYMENT-RESPONSE',
    });
    expect(terms.protocol.clients.map((client) => client.name)).to.include.members(['@x402/fetch', 'mppx']);
    const steps = terms.protocol.steps.join(' ');
    for (const header of ['PAYMENT-REQUIRED', 'PAYMENT-SIGNATURE', 'PAYMENT-RESPONSE', '402']) {
      expect(steps).to.contain(header);
    }
  });

  it('says what a buyer gets', () => {
    for (const part of ['REST endpoint', 'MCP tool', 'A2A skill', 'webhook event', 'examples', 'limits']) {
      expect(terms.content.description).to.contain(part);
    }
  });

  it('is not available in this version, and says why', () => {
    expect(terms.available).to.equal(false);
    expect(terms.unavailable_reason)
      .to.be.a('string')
      .and.match(/not configured/);
    expect(terms.protocol).to.include({ network: null, asset_address: null, pay_to: null });
  });

  it('writes every URL absolute, from the configured site URL', () => {
    const base = service().config.baseUrl;
    expect(terms.resource.url).to.equal(`${base}/v1/agent/paid-reference`);
    expect(terms.links).to.deep.equal({
      self: url(),
      paid_reference: `${base}/v1/agent/paid-reference`,
      openapi: `${base}/openapi.json`,
      documentation: `${base}/docs`,
    });
    expect(terms.unavailable_reason).to.contain(`${base}/v1/agent/paid-reference`);
  });

  it('is cached publicly for 60 seconds, with an ETag that answers 304', async () => {
    expect(headers.get('cache-control')).to.equal('public, max-age=60');
    const etag = headers.get('etag');
    expect(etag).to.be.a('string');
    const again = await fetch(url(), { headers: { 'if-none-match': etag! } });
    expect(again.status).to.equal(304);
  });

  it('is in the OpenAPI document as agent-paidReferenceTerms, tag Agent, with no credential', async () => {
    const document = (
      await request<{ paths: Record<string, Record<string, OpenApiOperation>> }>(
        `${service().config.baseUrl}/openapi.json`,
      )
    ).body;
    const operation = document.paths['/v1/agent/paid-reference/terms']!.get!;
    expect(operation.operationId).to.equal('agent-paidReferenceTerms');
    expect(operation.tags).to.deep.equal(['Agent']);
    expect(operation.security).to.deep.equal([]);
    expect(operation.responses).to.have.property('200');
    expect(operation.responses).not.to.have.property('400');
  });

  it('turns available once a payment configuration is given (what the paid-reference issue passes)', () => {
    const configured = describePaidReferenceTerms(
      { base: 'https://example.com/api' },
      {
        network: 'eip155:8453',
        asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
        payTo: '0x0000000000000000000000000000000000000001',
      },
    );
    expect(ZPaidReferenceTerms.strict().parse(configured)).to.deep.equal(configured);
    expect(configured.available).to.equal(true);
    expect(configured.unavailable_reason).to.equal(null);
    expect(configured.protocol).to.include({
      network: 'eip155:8453',
      pay_to: '0x0000000000000000000000000000000000000001',
    });
  });

  it("the skill's summary gives the price and how to pay", () => {
    const summary = explainPaidReferenceSkill.summarize(terms, undefined);
    expect(summary).to.contain(terms.resource.url);
    expect(summary).to.contain('1 USD');
    expect(summary).to.contain('x402 version 2');
    expect(summary).to.contain('PAYMENT-SIGNATURE');
    expect(summary).to.match(/cannot be bought yet/);
  });
});
