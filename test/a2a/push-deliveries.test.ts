import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { eventually, rows, startReceiver, workerServiceSuite, type Receiver } from '../webhooks/delivery-helpers.ts';
import { sharedOauthKeyConfig } from '../helpers/a2a-access-token.ts';
import type { Json } from './fixtures.ts';
import { openSse } from './sse.ts';
import { callAs, explainPart, grantCaller, sendParams, type GrantCaller } from './push-fixtures.ts';

/** A compressed schedule: immediately, then retries 50 ms apart. */
const SCHEDULE = '0s,50ms,50ms,50ms';

/** The Standard Webhooks secret a receiver verifies a push with: its own token, base64. */
const secretOf = (token: string) => `whsec_${Buffer.from(token, 'utf8').toString('base64')}`;

/**
 * Push notifications delivered by the webhook engine (its worker on, loopback receivers allowed) to
 * a local receiver that verifies the Standard Webhooks signature with the config's token. The
 * configs are created over HTTP with a real A2A token of that service's own grant.
 */
describe('A2A push notification deliveries (through the webhook engine)', function () {
  this.timeout(60_000);
  const suite = workerServiceSuite(SCHEDULE, sharedOauthKeyConfig);
  let caller: GrantCaller;

  before(async () => {
    caller = await grantCaller(suite.service);
  });

  async function receiver(
    token: string,
    ...rest: Parameters<typeof startReceiver> extends [unknown, ...infer R] ? R : never
  ) {
    const started: Receiver = await startReceiver(() => [secretOf(token)], ...rest);
    suite.receivers.push(started);
    return started;
  }

  it('1.0: a message with a config; the completed task is pushed as {task} with the token, the credentials and a verifiable signature', async () => {
    const token = `tok-${randomUUID()}`;
    const hook = await receiver(token);
    const sent = await callAs(
      caller,
      '1.0',
      'SendMessage',
      sendParams('1.0', {
        configuration: {
          taskPushNotificationConfig: {
            url: hook.url,
            token,
            authentication: { scheme: 'Bearer', credentials: 'receiver-credential' },
          },
        },
      }),
    );
    const task = sent.body.result.task as Json;
    expect(task.status.state).to.equal('TASK_STATE_COMPLETED');
    await eventually('the push', () => hook.received.length >= 1);
    const [push] = hook.received;
    expect(push!.verified).to.equal(true);
    expect(push!.headers['content-type']).to.equal('application/a2a+json');
    expect(push!.headers['x-a2a-notification-token']).to.equal(token);
    expect(push!.headers.authorization).to.equal('Bearer receiver-credential');
    const body = JSON.parse(push!.body) as Json;
    expect(Object.keys(body)).to.deep.equal(['task']);
    expect(body.task).to.deep.include({ id: task.id, contextId: task.contextId, history: [] });
    expect(body.task.status.state).to.equal('TASK_STATE_COMPLETED');
    expect(body.task.artifacts).to.deep.equal(task.artifacts);

    // The config the message carried is the task's, named after it.
    const listed = await callAs(caller, '1.0', 'ListTaskPushNotificationConfigs', { taskId: task.id });
    expect(listed.body.result.configs).to.deep.equal([
      { id: task.id, taskId: task.id, url: hook.url, authentication: { scheme: 'Bearer' } },
    ]);
  });

  it('0.3: the pushed body is the Task object, as JSON, with X-A2A-Notification-Token', async () => {
    const token = `tok-${randomUUID()}`;
    const hook = await receiver(token);
    const sent = await callAs(
      caller,
      '0.3',
      'message/send',
      sendParams('0.3', { configuration: { pushNotificationConfig: { url: hook.url, token } } }),
    );
    await eventually('the push', () => hook.received.length >= 1);
    const [push] = hook.received;
    expect(push!.verified).to.equal(true);
    expect(push!.headers['content-type']).to.equal('application/json');
    expect(push!.headers['x-a2a-notification-token']).to.equal(token);
    expect(push!.headers).not.to.have.property('authorization');
    const body = JSON.parse(push!.body) as Json;
    expect(body).to.deep.include({ kind: 'task', id: sent.body.result.id });
    expect(body.status.state).to.equal('completed');
  });

  it('a config created on a task waiting for input is pushed when the next message completes it', async () => {
    const token = `tok-${randomUUID()}`;
    const hook = await receiver(token);
    const waiting = await callAs(caller, '1.0', 'SendMessage', {
      message: { messageId: randomUUID(), role: 'ROLE_USER', parts: [{ text: 'hello there' }] },
    });
    const taskId = waiting.body.result.task.id as string;
    expect(waiting.body.result.task.status.state).to.equal('TASK_STATE_INPUT_REQUIRED');
    const created = await callAs(caller, '1.0', 'CreateTaskPushNotificationConfig', { taskId, url: hook.url, token });
    expect(created.body.result.taskId).to.equal(taskId);
    expect(hook.received).to.have.length(0);
    const continued = await callAs(caller, '1.0', 'SendMessage', {
      message: { messageId: randomUUID(), role: 'ROLE_USER', parts: [explainPart['1.0']], taskId },
    });
    expect(continued.body.result.task.status.state).to.equal('TASK_STATE_COMPLETED');
    await eventually('the push', () => hook.received.length >= 1);
    expect(JSON.parse(hook.received[0]!.body).task.status.state).to.equal('TASK_STATE_COMPLETED');
  });

  it('a streamed message with a config: its task is pushed working, then completed, in that order', async () => {
    const token = `tok-${randomUUID()}`;
    const hook = await receiver(token);
    const stream = await openSse(
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'SendStreamingMessage',
        params: sendParams('1.0', { configuration: { taskPushNotificationConfig: { url: hook.url, token } } }),
      },
      { 'A2A-Version': '1.0', Authorization: `Bearer ${caller.token}` },
      caller.endpoint,
    );
    const events = [await stream.next(), ...(await stream.rest())];
    const taskId = events[0]!.data.result.task.id as string;
    expect(events.at(-1)!.data.result.statusUpdate.status.state).to.equal('TASK_STATE_COMPLETED');
    await eventually('two pushes', () => hook.received.length >= 2);
    const states = hook.received.map((push) => JSON.parse(push.body).task.status.state as string);
    expect(states).to.deep.equal(['TASK_STATE_WORKING', 'TASK_STATE_COMPLETED']);
    expect(hook.received.every((push) => push.verified && JSON.parse(push.body).task.id === taskId)).to.equal(true);
  });

  it('CancelTask pushes the canceled task; cancelling it again pushes nothing more', async () => {
    const token = `tok-${randomUUID()}`;
    const hook = await receiver(token);
    const waiting = await callAs(caller, '1.0', 'SendMessage', {
      message: { messageId: randomUUID(), role: 'ROLE_USER', parts: [{ text: 'hello there' }] },
      configuration: { taskPushNotificationConfig: { url: hook.url, token } },
    });
    const taskId = waiting.body.result.task.id as string;
    await eventually('the input-required push', () => hook.received.length >= 1);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const canceled = await callAs(caller, '1.0', 'CancelTask', { id: taskId });
      expect(canceled.body.result.status.state, JSON.stringify(canceled.body)).to.equal('TASK_STATE_CANCELED');
    }
    await eventually('the canceled push', () => hook.received.length >= 2);
    expect(JSON.parse(hook.received[1]!.body).task.status.state).to.equal('TASK_STATE_CANCELED');
    const [counted] = await rows<{ deliveries: number }>(
      suite.service,
      `select count(*)::int as deliveries from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
        where e.a2a_task_id = ?`,
      [taskId],
    );
    expect(counted?.deliveries).to.equal(2);
  });

  it('retries a failing receiver with the same webhook-id until it answers 2xx, and logs the attempts', async () => {
    const token = `tok-${randomUUID()}`;
    let calls = 0;
    const hook = await receiver(token, (_request, res) => {
      calls += 1;
      res.statusCode = calls === 1 ? 503 : 204;
      res.end();
    });
    const sent = await callAs(
      caller,
      '1.0',
      'SendMessage',
      sendParams('1.0', { configuration: { taskPushNotificationConfig: { url: hook.url, token } } }),
    );
    const taskId = sent.body.result.task.id as string;
    await eventually('two attempts', () => hook.received.length >= 2);
    expect(hook.received[0]!.id).to.equal(hook.received[1]!.id);
    expect(hook.received.every((entry) => entry.verified)).to.equal(true);
    await eventually('the delivery recorded as delivered', async () => {
      const [row] = await rows<{ state: string; attempts: number }>(
        suite.service,
        `select d.state, d.attempts from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
          where e.a2a_task_id = ?`,
        [taskId],
      );
      return row?.state === 'delivered' && row.attempts === 2;
    });
    const attempts = await rows<{ response_status: number }>(
      suite.service,
      `select a.response_status from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id
         join webhook_endpoints e on e.id = d.endpoint_id where e.a2a_task_id = ? order by a.attempted_at`,
      [taskId],
    );
    expect(attempts.map((attempt) => attempt.response_status)).to.deep.equal([503, 204]);
  });
});
