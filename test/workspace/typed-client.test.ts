import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { expect } from 'chai';
import type { InternalApiRouter } from '../../core/routers/internal-api.ts';
import { createLogger } from '../../core/logger.ts';
import { systemCaller } from '../../scripts/lib/system-caller.ts';
import { service } from '../helpers/root-hooks.ts';

describe('the workspace over /api/trpc with createTRPCClient<InternalApiRouter>', () => {
  let token: string;
  let readOnly: string;
  let businessId: string;

  before(async () => {
    const running = service();
    const caller = systemCaller({
      orm: running.database.orm,
      services: running.services,
      config: running.config,
      log: createLogger('silent'),
    });
    const suffix = Math.random().toString(36).slice(2, 8);
    const business = await caller.accounts.createBusiness({
      name: `Typed Client ${suffix}`,
      time_zone: 'America/Chicago',
      currency: 'USD',
    });
    businessId = business.id;
    token = (await caller.accounts.createApiToken({ business: business.slug, name: 'typed client' })).token;
    readOnly = (
      await caller.accounts.createApiToken({ business: business.slug, name: 'read only', scopes: ['workspace:read'] })
    ).token;
  });

  const client = (bearer: string) =>
    createTRPCClient<InternalApiRouter>({
      links: [httpBatchLink({ url: `${service().url}/api/trpc`, headers: { authorization: `Bearer ${bearer}` } })],
    });

  it("reads and writes the token's business with end-to-end types, batched", async () => {
    const api = client(token);
    const [profile, empty] = await Promise.all([
      api.workspace.business.getBusinessProfile.query({}),
      api.workspace.customers.listCustomers.query({ limit: 5 }),
    ]);
    expect(profile.id).to.equal(businessId);
    expect(empty).to.deep.equal({ items: [], next_cursor: null });
    const created = await api.workspace.customers.createCustomer.mutate({
      name: 'Typed Tina',
      email: 'tina@example.com',
    });
    const job = await api.workspace.jobs.createJob.mutate({
      customer_id: created.id,
      title: 'First job',
      line_items: [{ kind: 'custom', name: 'Visit', quantity: 1, unit_price_minor: 9_900 }],
    });
    expect(job).to.deep.include({ number: 1, total_minor: 9_900, currency: 'USD' });
    expect(
      (await api.workspace.customers.searchCustomers.query({ query: 'tina' })).items.map((item) => item.id),
    ).to.deep.equal([created.id]);
  });

  it("answers a read-only token's write with 403 INSUFFICIENT_SCOPE in tRPC's error shape, and a bad argument with 400 naming it", async () => {
    const api = client(readOnly);
    const refused = await api.workspace.customers.createCustomer
      .mutate({ name: 'Nope' })
      .catch((error: unknown) => error);
    expect(refused).to.be.instanceOf(TRPCClientError);
    const data = (refused as TRPCClientError<InternalApiRouter>).data as unknown as {
      httpStatus: number;
      errorMessage: { code: string; details: Array<{ required_scopes: string[] }> };
    };
    expect(data.httpStatus).to.equal(403);
    expect(data.errorMessage.code).to.equal('INSUFFICIENT_SCOPE');
    // A workspace token is told about workspace scopes, never the OAuth-only mcp:* ones.
    expect(data.errorMessage.details[0]?.required_scopes).to.deep.equal(['workspace:write']);
    const invalid = await api.workspace.customers.getCustomer
      .query({ customer_id: 'nope' })
      .catch((error: unknown) => error);
    const invalidData = (invalid as TRPCClientError<InternalApiRouter>).data as unknown as {
      httpStatus: number;
      errorMessage: { code: string; message: string };
    };
    expect(invalidData.httpStatus).to.equal(400);
    expect(invalidData.errorMessage.code).to.equal('VALIDATION_FAILED');
    expect(invalidData.errorMessage.message).to.contain('customer_id');
  });
});
