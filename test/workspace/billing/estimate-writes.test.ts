import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { sql } from '../../helpers/sql.ts';
import {
  createTestBusiness,
  expectAppError,
  fixedClock,
  tenantCaller,
  type Caller,
  type TestBusiness,
} from '../../helpers/workspace.ts';
import {
  addCustomer,
  countEvents,
  draftEstimate,
  eventsOf,
  expectPublishedShape,
  withOutboxRefused,
} from './fixtures.ts';

describe('workspace writes: send, approve and decline an estimate', function () {
  this.timeout(60_000);
  let business: TestBusiness;
  let other: TestBusiness;
  let caller: Caller;
  let customerId: string;
  // 2026-12-01 05:00 UTC is still 2026-11-30 in Chicago.
  const clock = fixedClock('2026-12-01T05:00:00Z');

  before(async () => {
    business = await createTestBusiness({ timeZone: 'America/Chicago' });
    other = await createTestBusiness();
    caller = tenantCaller(business.id, { clock });
    customerId = await addCustomer(business, 'Estimate Customer');
  });

  it('send then approve: each answers get-estimate, records its event with that record, numbered 1 then 2', async () => {
    const { estimateId, optionIds } = await draftEstimate(business, customerId);
    const sent = await caller.workspace.estimates.sendEstimate({ estimate_id: estimateId });
    expect(sent).to.include({ status: 'sent', issued_on: '2026-11-30' });
    expect(sent).to.deep.equal(await caller.workspace.estimates.getEstimate({ estimate_id: estimateId }));
    const approved = await caller.workspace.estimates.approveEstimate({
      estimate_id: estimateId,
      option_id: optionIds[1],
    });
    expect(approved).to.include({ status: 'approved', approved_option_id: optionIds[1] });
    expect(approved.options.map((option) => option.approved)).to.deep.equal([false, true]);
    expect(approved).to.deep.equal(await caller.workspace.estimates.getEstimate({ estimate_id: estimateId }));

    const events = await eventsOf(business.id, estimateId);
    expect(events.map((event) => [event.event_type, Number(event.sequence)])).to.deep.equal([
      ['estimate.sent', 1],
      ['estimate.approved', 2],
    ]);
    expect(events[0]!.payload).to.deep.equal(sent);
    expect(events[1]!.payload).to.deep.equal(approved);
    events.forEach(expectPublishedShape);
  });

  it('decline: sent → declined with estimate.declined', async () => {
    const { estimateId } = await draftEstimate(business, customerId);
    await caller.workspace.estimates.sendEstimate({ estimate_id: estimateId });
    const declined = await caller.workspace.estimates.declineEstimate({ estimate_id: estimateId });
    expect(declined.status).to.equal('declined');
    const events = await eventsOf(business.id, estimateId);
    expect(events.map((event) => event.event_type)).to.deep.equal(['estimate.sent', 'estimate.declined']);
    expect(events[1]!.payload).to.deep.equal(declined);
    expectPublishedShape(events[1]!);
  });

  it('an invalid transition is 409 STATUS_TRANSITION_NOT_ALLOWED naming the status, and records nothing', async () => {
    const { estimateId, optionIds } = await draftEstimate(business, customerId);
    const before = await countEvents(business.id);
    const approving = await expectAppError(
      caller.workspace.estimates.approveEstimate({ estimate_id: estimateId, option_id: optionIds[0] }),
      'STATUS_TRANSITION_NOT_ALLOWED',
    );
    expect(approving.message).to.match(/is draft: only a sent estimate can be approved/);
    expect(approving.details).to.deep.equal([{ current_status: 'draft', required_status: 'sent' }]);
    await expectAppError(
      caller.workspace.estimates.declineEstimate({ estimate_id: estimateId }),
      'STATUS_TRANSITION_NOT_ALLOWED',
    );
    await caller.workspace.estimates.sendEstimate({ estimate_id: estimateId });
    const again = await expectAppError(
      caller.workspace.estimates.sendEstimate({ estimate_id: estimateId }),
      'STATUS_TRANSITION_NOT_ALLOWED',
    );
    expect(again.message).to.match(/is sent: only a draft estimate can be sent/);
    expect(await countEvents(business.id)).to.equal(before + 1);
  });

  it('refuses to send an estimate without options, and to approve one past its valid_until (business time zone)', async () => {
    const empty = await draftEstimate(business, customerId, 0);
    const refused = await expectAppError(
      caller.workspace.estimates.sendEstimate({ estimate_id: empty.estimateId }),
      'STATUS_TRANSITION_NOT_ALLOWED',
    );
    expect(refused.message).to.match(/has no options/);

    const { estimateId, optionIds } = await draftEstimate(business, customerId);
    await caller.workspace.estimates.sendEstimate({ estimate_id: estimateId });
    // Valid through the 30th: still valid on the Chicago 30th, expired on the 1st.
    await sql('update estimates set valid_until = ? where id = ?', ['2026-11-30', estimateId]);
    const tomorrow = tenantCaller(business.id, { clock: fixedClock('2026-12-01T06:00:00Z') });
    const expired = await expectAppError(
      tomorrow.workspace.estimates.approveEstimate({ estimate_id: estimateId, option_id: optionIds[0] }),
      'STATUS_TRANSITION_NOT_ALLOWED',
    );
    expect(expired.message).to.match(/expired: its valid_until \(2026-11-30\)/);
    const approved = await caller.workspace.estimates.approveEstimate({
      estimate_id: estimateId,
      option_id: optionIds[0],
    });
    expect(approved.status).to.equal('approved');
  });

  it('an unknown estimate, another business’s estimate or an option of another estimate is 404, and nothing changes', async () => {
    const mine = await draftEstimate(business, customerId);
    const theirs = await draftEstimate(other, await addCustomer(other, 'Theirs'));
    const before = [await countEvents(business.id), await countEvents(other.id)];
    await expectAppError(caller.workspace.estimates.sendEstimate({ estimate_id: randomUUID() }), 'RESOURCE_NOT_FOUND');
    const foreign = await expectAppError(
      caller.workspace.estimates.sendEstimate({ estimate_id: theirs.estimateId }),
      'RESOURCE_NOT_FOUND',
    );
    expect(foreign.message).to.equal(`No estimate with id ${theirs.estimateId} in this business.`);
    await caller.workspace.estimates.sendEstimate({ estimate_id: mine.estimateId });
    const option = await expectAppError(
      caller.workspace.estimates.approveEstimate({ estimate_id: mine.estimateId, option_id: theirs.optionIds[0] }),
      'RESOURCE_NOT_FOUND',
    );
    expect(option.message).to.match(/^No option with id/);
    expect([await countEvents(business.id), await countEvents(other.id)]).to.deep.equal([before[0]! + 1, before[1]]);
    const [theirsNow] = await sql<{ status: string }>('select status from estimates where id = ?', [theirs.estimateId]);
    expect(theirsNow!.status).to.equal('draft');
  });

  it('a change whose event cannot be recorded is not made: the estimate stays as it was', async () => {
    const { estimateId } = await draftEstimate(business, customerId);
    await withOutboxRefused(business.id, async () => {
      let failed = false;
      await caller.workspace.estimates.sendEstimate({ estimate_id: estimateId }).catch(() => (failed = true));
      expect(failed).to.equal(true);
    });
    const [row] = await sql<{ status: string; issued_on: string | null }>(
      'select status, issued_on from estimates where id = ?',
      [estimateId],
    );
    expect(row).to.deep.equal({ status: 'draft', issued_on: null });
    expect(await eventsOf(business.id, estimateId)).to.deep.equal([]);
  });

  it('50 concurrent sends of one estimate: one succeeds, 49 are 409, one estimate.sent', async () => {
    const { estimateId } = await draftEstimate(business, customerId);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        tenantCaller(business.id).workspace.estimates.sendEstimate({ estimate_id: estimateId }),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).to.have.length(1);
    for (const result of results.filter((entry) => entry.status === 'rejected'))
      expect((result.reason as { appCode?: string }).appCode).to.equal('STATUS_TRANSITION_NOT_ALLOWED');
    const events = await eventsOf(business.id, estimateId);
    expect(events.map((event) => event.event_type)).to.deep.equal(['estimate.sent']);
  });

  it('50 concurrent approvals naming different options: one wins, its option is the approved one', async () => {
    const { estimateId, optionIds } = await draftEstimate(business, customerId);
    await caller.workspace.estimates.sendEstimate({ estimate_id: estimateId });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, index) =>
        tenantCaller(business.id).workspace.estimates.approveEstimate({
          estimate_id: estimateId,
          option_id: optionIds[index % 2]!,
        }),
      ),
    );
    const won = results.filter((result) => result.status === 'fulfilled');
    expect(won).to.have.length(1);
    const winner = (won[0] as PromiseFulfilledResult<{ approved_option_id: string | null }>).value;
    const events = await eventsOf(business.id, estimateId);
    expect(events.map((event) => [event.event_type, Number(event.sequence)])).to.deep.equal([
      ['estimate.sent', 1],
      ['estimate.approved', 2],
    ]);
    expect((events[1]!.payload as { approved_option_id: string }).approved_option_id).to.equal(
      winner.approved_option_id,
    );
  });

  it('needs workspace:write: a read-only token is 403 INSUFFICIENT_SCOPE naming it, and changes nothing', async () => {
    const { estimateId } = await draftEstimate(business, customerId);
    const reader = tenantCaller(business.id, { scopes: ['workspace:read'] });
    const refused = await expectAppError(
      reader.workspace.estimates.sendEstimate({ estimate_id: estimateId }),
      'INSUFFICIENT_SCOPE',
    );
    expect(refused.details).to.deep.equal([
      { required_scopes: ['workspace:write'], accepted_scopes: ['workspace:write'] },
    ]);
    expect(await eventsOf(business.id, estimateId)).to.deep.equal([]);
  });

  it('validates its input: a malformed id is VALIDATION_FAILED', async () => {
    await expectAppError(
      caller.workspace.estimates.approveEstimate({ estimate_id: 'nope', option_id: randomUUID() }),
      'VALIDATION_FAILED',
    );
  });
});
