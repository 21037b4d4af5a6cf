import { expect } from 'chai';
import { operationalEventDefinitions } from '../../core/services/webhooks/operational-events.ts';
import { expectErrorMessage, request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { endpointBody, managedBusiness, type Json, type ManagedBusiness } from './management-fixtures.ts';

const OPERATIONAL = [
  'webhook_delivery.exhausted',
  'webhook_endpoint.disabled',
  'webhook_endpoint.failing',
  'webhook_endpoint.recovered',
];

describe('webhook management: max_per_second and the operational event types', () => {
  let a: ManagedBusiness;

  before(async () => {
    a = await managedBusiness('rate');
  });

  it('takes max_per_second on create and PATCH (null clears it) and shows it on GET and in the list', async () => {
    const created = await a.call('POST', '', endpointBody({ max_per_second: 10 }));
    expect(created.status, created.text).to.equal(201);
    expect(created.body.max_per_second).to.equal(10);
    const id = created.body.id as string;
    expect((await a.call('GET', `/${id}`)).body.max_per_second).to.equal(10);
    expect((await a.call('PATCH', `/${id}`, { max_per_second: 1000 })).body.max_per_second).to.equal(1000);
    expect((await a.call('PATCH', `/${id}`, { description: 'kept' })).body.max_per_second).to.equal(1000);
    expect((await a.call('PATCH', `/${id}`, { max_per_second: null })).body.max_per_second).to.equal(null);
    const listed = (await a.call('GET', '')).body.items as Json[];
    expect(listed.find((endpoint) => endpoint.id === id)!.max_per_second).to.equal(null);
    const unlimited = await a.call('POST', '', endpointBody());
    expect(unlimited.body.max_per_second).to.equal(null);
  });

  it('refuses max_per_second outside 1..1000, fractional or not a number with 400 VALIDATION_FAILED naming it', async () => {
    const created = await a.call('POST', '', endpointBody());
    for (const value of [0, -1, 1001, 2.5, 'ten', true, { n: 1 }]) {
      const onCreate = await a.call('POST', '', endpointBody({ max_per_second: value }));
      expectErrorMessage(onCreate, 400, 'VALIDATION_FAILED');
      expect(onCreate.body.message, String(value)).to.include('max_per_second');
      const onPatch = await a.call('PATCH', `/${created.body.id as string}`, { max_per_second: value });
      expectErrorMessage(onPatch, 400, 'VALIDATION_FAILED');
    }
    expect((await a.call('GET', `/${created.body.id as string}`)).body.max_per_second).to.equal(null);
  });

  it('accepts operational types alone or beside "*", and refuses "*" beside a workspace type or twice', async () => {
    for (const events of [OPERATIONAL, ['*', 'webhook_endpoint.disabled'], ['webhook_delivery.exhausted', '*']]) {
      const created = await a.call('POST', '', endpointBody({ enabled_events: events }));
      expect(created.status, created.text).to.equal(201);
      expect(created.body.enabled_events).to.deep.equal(events);
    }
    for (const events of [['*', 'job.created'], ['*', '*'], ['webhook_endpoint.deleted']]) {
      const refused = await a.call('POST', '', endpointBody({ enabled_events: events }));
      expectErrorMessage(refused, 400, 'VALIDATION_FAILED');
    }
  });

  it('lists the operational types in the event catalogue and the OpenAPI webhooks section, each with an example valid there', async () => {
    const catalogue = (await request<Json>(`${service().url}/api/v1/webhook-endpoints/event-types`)).body;
    const types = (catalogue.items as Json[]).map((item) => item.type as string);
    expect(types).to.include.members(OPERATIONAL);
    const document = (await request<Json>(`${service().url}/api/openapi.json`)).body;
    for (const type of OPERATIONAL) {
      const schema = document.webhooks[type].post.requestBody.content['application/json'].schema;
      expect(schema.properties.entity.properties.type.const, type).to.equal('webhook_endpoint');
      expect(document.webhooks[type].post.description, type).to.be.a('string').and.not.empty;
    }
    for (const definition of operationalEventDefinitions) definition.data.parse(definition.example);
  });
});
