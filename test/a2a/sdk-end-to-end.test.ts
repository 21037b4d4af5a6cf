import { randomUUID } from 'node:crypto';
import { SendMessageRequest, TaskState, type Part, type Task } from '@a2a-js/sdk';
import { ClientFactory, ClientFactoryOptions, JsonRpcTransportFactory, type Client } from '@a2a-js/sdk/client';
import {
  ClientFactory as ClientFactory03,
  ClientFactoryOptions as ClientFactoryOptions03,
  JsonRpcTransportFactory as JsonRpcTransportFactory03,
} from 'a2a-js-sdk-v03/client';
import { expect } from 'chai';
import { compatClient } from './fixtures.ts';
import { useBlogFixtures } from '../blog/fixtures.ts';
import { request } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import type { Json } from './fixtures.ts';

interface Exchange {
  version: string | null;
  method: string;
}

/**
 * The official A2A JavaScript SDK (@a2a-js/sdk 1.3) against the live endpoint: its ClientFactory
 * from the site URL (the card at /.well-known/agent-card.json) speaking 1.0, and the same SDK in
 * its 0.3 compatibility mode, reading the card's 0.3 fields, and the 0.3 SDK itself (0.3.14, installed
 * as a2a-js-sdk-v03) from the same card as it is served. Each sends a data part to every skill and
 * compares the artifact's data part with the REST endpoint's JSON for the same parameters.
 */
describe('A2A end to end: the official SDK, 1.0 and 0.3', function () {
  this.timeout(60_000);
  const blog = useBlogFixtures();
  const exchanges: Exchange[] = [];
  const recordingFetch: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    if (init?.method === 'POST')
      exchanges.push({ version: headers.get('a2a-version'), method: JSON.parse(String(init.body)).method });
    return fetch(input, init);
  };

  /** Each skill: the arguments sent, and the REST URL (under {base_url}) that answers the same. */
  const calls = (): Array<{ skill: string; args: Record<string, unknown>; rest: string }> => [
    {
      skill: 'find-businesses',
      args: { industry: 'hvac', per_page: 5 },
      rest: '/v1/directory/public?industry=hvac&per_page=5',
    },
    {
      skill: 'find-government-opportunities',
      args: { per_page: 3 },
      rest: '/v1/government-opportunities/public?per_page=3',
    },
    { skill: 'find-blog-posts', args: { q: blog.word, per_page: 5 }, rest: `/v1/blog/posts?q=${blog.word}&per_page=5` },
    { skill: 'read-blog-post', args: { slug: blog.slug('alpha') }, rest: `/v1/blog/posts/${blog.slug('alpha')}` },
    { skill: 'explain-paid-reference', args: {}, rest: '/v1/agent/paid-reference/terms' },
  ];

  const dataOf = (parts: Part[]) => parts.find((part) => part.content?.$case === 'data')?.content?.value;
  const textOf = (parts: Part[]) => {
    const content = parts.find((part) => part.content?.$case === 'text')?.content;
    return content?.$case === 'text' ? content.value : undefined;
  };

  async function exercise(client: Client, version: string): Promise<void> {
    exchanges.length = 0;
    const card = (await request<Json>(`${service().config.siteUrl}/.well-known/agent-card.json`)).body;
    const table = calls();
    // Every skill on the card is exercised: a new skill needs a row here (the paid reference's takes no arguments).
    for (const skill of card.skills as Json[])
      if (!table.some((call) => call.skill === skill.id)) table.push({ skill: skill.id, args: {}, rest: '' });
    for (const call of table) {
      const contextId = randomUUID();
      const result = await client.sendMessage(
        SendMessageRequest.fromJSON({
          message: {
            messageId: randomUUID(),
            role: 'ROLE_USER',
            contextId,
            parts: [{ data: { skill: call.skill, arguments: call.args } }],
          },
        }),
      );
      expect(result, call.skill).to.have.property('status');
      const task = result as Task;
      expect(task.status?.state, `${version} ${call.skill}`).to.equal(TaskState.TASK_STATE_COMPLETED);
      expect(task.contextId).to.equal(contextId);
      expect(task.artifacts).to.have.length(1);
      expect(task.artifacts[0]!.name).to.equal(call.skill);
      expect(textOf(task.artifacts[0]!.parts)).to.be.a('string').and.not.empty;
      const data = dataOf(task.artifacts[0]!.parts);
      if (call.rest) {
        const rest = await request<Json>(`${service().config.baseUrl}${call.rest}`);
        expect(rest.status, rest.text).to.equal(200);
        expect(data, `${version} ${call.skill}`).to.deep.equal(rest.body);
      } else {
        expect(data, call.skill).to.be.an('object');
      }
      const read = await client.getTask({ tenant: '', id: task.id, historyLength: undefined });
      expect(read.id).to.equal(task.id);
      expect(dataOf(read.artifacts[0]!.parts)).to.deep.equal(data);
    }
  }

  it('1.0: ClientFactory from the site URL picks the 1.0 JSON-RPC interface and runs every skill', async () => {
    const factory = new ClientFactory(
      ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
        transports: [new JsonRpcTransportFactory({ fetchImpl: recordingFetch })],
      }),
    );
    const client = await factory.createFromUrl(service().config.siteUrl);
    await exercise(client, '1.0');
    expect(exchanges).not.to.be.empty;
    for (const exchange of exchanges) {
      expect(exchange.version).to.equal('1.0');
      expect(exchange.method).to.be.oneOf(['SendMessage', 'GetTask']);
    }
  });

  it('0.3: the SDK’s compatibility mode, from the card’s 0.3 fields, runs every skill with message/send', async () => {
    const client = await compatClient(recordingFetch);
    await exercise(client, '0.3');
    expect(exchanges).not.to.be.empty;
    for (const exchange of exchanges) {
      expect(exchange.version).to.equal('0.3');
      expect(exchange.method).to.be.oneOf(['message/send', 'tasks/get']);
    }
  });

  it('0.3: the 0.3 SDK itself (@a2a-js/sdk 0.3.14), from the same card, runs every skill with message/send', async () => {
    exchanges.length = 0;
    const factory = new ClientFactory03(
      ClientFactoryOptions03.createFrom(ClientFactoryOptions03.default, {
        transports: [new JsonRpcTransportFactory03({ fetchImpl: recordingFetch })],
      }),
    );
    const client = await factory.createFromUrl(service().config.siteUrl);
    for (const call of calls()) {
      const contextId = randomUUID();
      const result = await client.sendMessage({
        message: {
          kind: 'message',
          messageId: randomUUID(),
          role: 'user',
          contextId,
          parts: [{ kind: 'data', data: { skill: call.skill, arguments: call.args } }],
        },
      });
      expect(result.kind, call.skill).to.equal('task');
      if (result.kind !== 'task') continue;
      expect(result.status.state, call.skill).to.equal('completed');
      expect(result.contextId).to.equal(contextId);
      const data = result.artifacts?.[0]?.parts.find((part) => part.kind === 'data');
      const rest = await request<Json>(`${service().config.baseUrl}${call.rest}`);
      expect(data?.kind === 'data' ? data.data : undefined, call.skill).to.deep.equal(rest.body);
      const read = await client.getTask({ id: result.id });
      expect(read.status.state).to.equal('completed');
    }
    expect(exchanges).not.to.be.empty;
    for (const exchange of exchanges) {
      expect(exchange.version).to.equal(null);
      expect(exchange.method).to.be.oneOf(['message/send', 'tasks/get']);
    }
  });

  it('1.0: a domain error comes back to the SDK as a failed task carrying the ErrorMessage', async () => {
    const client = await new ClientFactory().createFromUrl(service().config.siteUrl);
    const result = (await client.sendMessage(
      SendMessageRequest.fromJSON({
        message: {
          messageId: randomUUID(),
          role: 'ROLE_USER',
          parts: [{ data: { skill: 'read-blog-post', arguments: { slug: `missing-${randomUUID()}` } } }],
        },
      }),
    )) as Task;
    expect(result.status?.state).to.equal(TaskState.TASK_STATE_FAILED);
    expect(dataOf(result.status!.message!.parts)).to.include({ code: 'RESOURCE_NOT_FOUND' });
  });

  it('1.0: bad arguments reach the SDK as a -32602 error naming the argument', async () => {
    const client = await new ClientFactory().createFromUrl(service().config.siteUrl);
    const sent = client.sendMessage(
      SendMessageRequest.fromJSON({
        message: {
          messageId: randomUUID(),
          role: 'ROLE_USER',
          parts: [{ data: { skill: 'find-businesses', arguments: { per_page: 500 } } }],
        },
      }),
    );
    const error = await sent.then(
      () => undefined,
      (failure: unknown) => failure as Error,
    );
    expect(error, 'the SDK throws').to.be.instanceOf(Error);
    expect(String(error?.message)).to.contain('per_page');
  });
});
