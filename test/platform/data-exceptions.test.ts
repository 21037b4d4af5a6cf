import { TRPCError } from '@trpc/server';
import { expect } from 'chai';
import { classifyError } from '../../core/errors/index.ts';
import { runQuery } from '../../core/services/sql/query.ts';
import { service } from '../helpers/root-hooks.ts';

/** What a database error looks like when a procedure lets it escape (tRPC wraps it as the cause). */
async function escapedDatabaseError(sql: string, params: unknown[]): Promise<unknown> {
  try {
    await runQuery(service().database.orm.em.fork(), { sql, params });
  } catch (error) {
    return new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: error });
  }
  throw new Error('expected the query to fail');
}

describe('database data exceptions caused by request values', () => {
  it('answers a NUL character, an impossible date and a year-0 date as 400 VALIDATION_FAILED, not a masked 500', async () => {
    for (const [sql, params] of [
      ['select ?::text as value', ['a\u0000b']],
      ['select ?::timestamptz as value', ['2026-02-30T00:00:00Z']],
      ['select ?::date as value', ['0000-01-01']],
    ] as const) {
      const classified = classifyError(await escapedDatabaseError(sql, [...params]), 'req-1');
      expect(classified.unexpected, sql).to.equal(false);
      expect(classified.body).to.include({ code: 'VALIDATION_FAILED', status: 400 });
      expect(classified.body.message).to.match(/SQLSTATE 22[0-9A-Z]{3}/);
    }
  });

  it('still masks errors of our own SQL and constraint violations nobody mapped', async () => {
    // Division by zero is a data exception too, but comes from SQL, not from a value the caller sent.
    const classified = classifyError(await escapedDatabaseError('select 1/0 as value', []), 'req-2');
    expect(classified).to.include({ unexpected: true });
    expect(classified.body.code).to.equal('INTERNAL_ERROR');
    const violation = classifyError(
      new TRPCError({
        code: 'INTERNAL_SERVER_ERROR',
        cause: Object.assign(new Error('duplicate key'), { code: '23505' }),
      }),
      'req-3',
    );
    expect(violation).to.include({ unexpected: true });
    expect(violation.body.code).to.equal('INTERNAL_ERROR');
  });
});
