import { createServer, type AddressInfo } from 'node:net';
import { TRPCError } from '@trpc/server';
import { expect } from 'chai';
import pg from 'pg';
import { AppError, classifyError } from '../../core/errors/index.ts';
import { isDatabaseUnavailable } from '../../core/errors/database-unavailable.ts';

/** What a database error looks like once it escaped a procedure: tRPC's wrapper with the error as cause. */
function escaped(cause: unknown): TRPCError {
  return new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause });
}

function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** What node-postgres raises for real when it connects to `port`. */
async function connectError(port: number): Promise<unknown> {
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: 'nobody',
    database: 'none',
    connectionTimeoutMillis: 2_000,
  });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    return error;
  }
  await client.end();
  throw new Error('expected the connection to fail');
}

describe('database outage errors', () => {
  it('classifies connection failures of every layer as 503 DATABASE_UNAVAILABLE with Retry-After, unmasked', () => {
    const knexTimeout = Object.assign(new Error('Knex: Timeout acquiring a connection. The pool is probably full.'), {
      name: 'KnexTimeoutError',
    });
    const driverException = Object.assign(new Error('wrapped'), {
      name: 'DriverException',
      cause: withCode('x', '57P01'),
    });
    for (const error of [
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('read ECONNRESET', 'ECONNRESET'),
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is starting up', '57P03'),
      withCode('connection failure', '08006'),
      withCode('too many connections', '53300'),
      knexTimeout,
      new Error('Connection terminated unexpectedly'),
      // knex puts the SQL in front of the driver's message.
      new Error('select 1 from customers where id = $1 - Connection terminated unexpectedly'),
      new Error('Transaction query already complete, run with DEBUG=knex:tx for more info'),
      new Error('Connection terminated due to connection timeout'),
      new Error('Client has encountered a connection error and is not queryable'),
      driverException,
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], 'connect failed'),
    ]) {
      for (const thrown of [error, escaped(error)]) {
        const classified = classifyError(thrown, 'req-1');
        expect(classified.unexpected, error.message).to.equal(false);
        expect(classified.body).to.include({ code: 'DATABASE_UNAVAILABLE', status: 503 });
        expect(classified.body.resolution).to.be.a('string').and.not.empty;
        expect(classified.headers['Retry-After']).to.match(/^\d+$/);
      }
    }
  });

  it('leaves other errors as they were: bugs stay masked 500s, catalogue errors keep their code', () => {
    for (const error of [
      new Error('boom'),
      withCode('canceling statement due to statement timeout', '57014'),
      withCode('duplicate key', '23505'),
      withCode('division by zero', '22012'),
      // An outbound HTTP call that could not connect is not the database.
      new TypeError('fetch failed', { cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED') }),
    ]) {
      expect(isDatabaseUnavailable(error), error.message).to.equal(false);
      const classified = classifyError(escaped(error), 'req-2');
      expect(classified.body.code, error.message).to.equal('INTERNAL_ERROR');
      expect(classified.unexpected).to.equal(true);
    }
    const facilitator = new AppError('PAYMENT_FACILITATOR_UNAVAILABLE', 'down', {
      cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED'),
    });
    expect(classifyError(facilitator, 'req-3').body.code).to.equal('PAYMENT_FACILITATOR_UNAVAILABLE');
  });

  it('recognises what node-postgres really raises for a refused and for a dropped connection', async () => {
    expect(isDatabaseUnavailable(await connectError(await closedPort()))).to.equal(true);
    // A server that accepts and hangs up at once, as a proxy does while the database is "stopped".
    const hangUp = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => hangUp.listen(0, '127.0.0.1', resolve));
    try {
      const error = await connectError((hangUp.address() as AddressInfo).port);
      expect(isDatabaseUnavailable(error), String(error)).to.equal(true);
    } finally {
      await new Promise<void>((resolve) => hangUp.close(() => resolve()));
    }
  });
});
