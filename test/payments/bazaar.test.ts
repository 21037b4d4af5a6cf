import { validateDiscoveryExtension, extractDiscoveryInfo } from '@x402/extensions/bazaar';
import type { DiscoveryExtension } from '@x402/extensions/bazaar';
import { expect } from 'chai';
import { request } from '../helpers/http.ts';
import { paidAppSuite } from './paid-app.ts';
import { paymentRequiredOf, signPayment } from './payer.ts';

describe('the 402 declares the paid reference for catalogues (x402 bazaar)', function () {
  this.timeout(60_000);
  const suite = paidAppSuite();

  it('declares a GET with no input and the JSON answer {resource, content, protocol} with its schema and an example', async () => {
    const unpaid = await request(suite.app.endpoint);
    expect(unpaid.status).to.equal(402);
    const required = paymentRequiredOf(unpaid.headers);
    const bazaar = required.extensions!.bazaar as DiscoveryExtension;
    expect(validateDiscoveryExtension(bazaar)).to.deep.equal({ valid: true });
    expect(bazaar.info.input).to.deep.equal({ type: 'http', method: 'GET', queryParams: {} });
    const output = bazaar.info.output as { type: string; example: Record<string, unknown> };
    expect(output.type).to.equal('json');
    expect(output.example).to.include({ protocol: 'x402' }).and.to.have.keys('resource', 'content', 'protocol');
    const exampleSchema = (bazaar.schema.properties as Record<string, { properties?: Record<string, unknown> }>).output!
      .properties!.example as { required: string[]; properties: Record<string, unknown> };
    expect(exampleSchema.required).to.deep.equal(['resource', 'content', 'protocol']);
    expect(exampleSchema.properties.protocol).to.deep.equal({ type: 'string', const: 'x402' });
    // A facilitator's view of it, from the payment a client signs for these terms: what its catalogue would list.
    const { payload } = await signPayment(required);
    const discovered = extractDiscoveryInfo(payload, payload.accepted);
    expect(discovered).to.include({
      resourceUrl: suite.app.endpoint,
      method: 'GET',
      description: required.resource.description,
    });
  });
});
