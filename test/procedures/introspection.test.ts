import { TRPCError } from '@trpc/server';
import { expect } from 'chai';
import { z } from 'zod';
import { createContextInner, type Context } from '../../core/context.ts';
import { AppError, classifyError, originalError } from '../../core/errors/index.ts';
import { createLogger } from '../../core/logger.ts';
import {
  answeredWithoutRunning,
  callProcedure,
  listProcedures,
  removeOutputValidator,
} from '../../core/procedures/introspection.ts';
import { createInvoker } from '../../core/procedures/invoker.ts';
import { appRouter } from '../../core/routers/_app.ts';
import { mergeRouters, publicProcedure, router, skipOutputReparse } from '../../core/trpc.ts';

/**
 * What the project relies on in tRPC's internals (core/procedures/introspection.ts), pinned on
 * small routers: if a tRPC upgrade changes any of it, these fail, and nothing else should.
 */

const ZEchoInput = z.object({ count: z.number().int().min(1) });
const ZEchoOutput = z.object({ count: z.number() });
const ZAnswer = z.object({ answer: z.string() });

/** A middleware that leaves a header on the context (how RateLimit headers reach a transport). */
const marked = publicProcedure.use(({ ctx, next }) => {
  ctx.response.headers['X-Middleware'] = 'ran';
  return next();
});

function testRouter() {
  return router({
    first: publicProcedure
      .meta({ openapi: { method: 'GET', path: '/v1/test/echo', summary: 'Echo' } })
      .input(ZEchoInput)
      .output(ZEchoOutput)
      .query(({ input }) => ({ count: input.count })),
    nested: router({
      write: marked
        .meta({
          tool: {
            name: 'test-write',
            title: 'Write',
            description: 'A test write.',
            access: 'read',
            toolset: 'business',
          },
        })
        .input(z.void())
        .output(ZAnswer)
        .mutation(() => ({ answer: 'written' })),
      bare: publicProcedure.query(() => 'no schemas'),
    }),
    leaky: publicProcedure.output(ZAnswer).query(() => ({ answer: 'a', secret: 's' }) as { answer: string }),
    fails: publicProcedure.input(z.object({ kind: z.enum(['app', 'plain']) })).query(({ input }) => {
      if (input.kind === 'app') throw new AppError('RESOURCE_NOT_FOUND', 'Nothing here.');
      throw new Error('a bug');
    }),
    aborted: publicProcedure.query(({ signal }) => ({ aborted: signal?.aborted ?? null })),
  });
}

function testContext(): Context {
  // These procedures never touch the database or the services.
  return createContextInner({
    em: undefined as never,
    services: undefined as never,
    log: createLogger('silent'),
    urls: { site: 'http://127.0.0.1', base: 'http://127.0.0.1/api' },
    requestId: 'introspection-test',
  });
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe('tRPC introspection (core/procedures)', () => {
  describe('listProcedures', () => {
    it("lists every procedure in the router's order, with its dotted path, type and meta", () => {
      const listed = listProcedures(testRouter());
      expect(listed.map((entry) => [entry.path, entry.type])).to.deep.equal([
        ['first', 'query'],
        ['nested.write', 'mutation'],
        ['nested.bare', 'query'],
        ['leaky', 'query'],
        ['fails', 'query'],
        ['aborted', 'query'],
      ]);
      expect(listed[0]!.meta).to.deep.equal({ openapi: { method: 'GET', path: '/v1/test/echo', summary: 'Echo' } });
      expect(listed[1]!.meta?.tool?.name).to.equal('test-write');
      expect(listed[2]!.meta).to.equal(undefined);
    });

    it('finds the input and output schemas as declared (the same objects), or undefined', () => {
      const [first, write, bare] = listProcedures(testRouter());
      expect(first!.inputParser).to.equal(ZEchoInput);
      expect(first!.outputSchema).to.equal(ZEchoOutput);
      expect(write!.inputParser).to.be.instanceOf(z.ZodVoid);
      expect(write!.outputSchema).to.equal(ZAnswer);
      expect(bare!.inputParser).to.equal(undefined);
      expect(bare!.outputSchema).to.equal(undefined);
    });

    it("lists a merged router's procedures after the base router's, and the procedure objects themselves", () => {
      const base = testRouter();
      const extra = router({ more: publicProcedure.query(() => 1) });
      const merged = listProcedures(mergeRouters(base, router({ extra })));
      expect(merged.map((entry) => entry.path)).to.deep.equal([
        ...listProcedures(base).map((entry) => entry.path),
        'extra.more',
      ]);
      expect(merged[0]!.procedure).to.equal(listProcedures(base)[0]!.procedure);
    });

    it('refuses a procedure with several .input() schemas (the adapters publish one)', () => {
      const chained = router({
        two: publicProcedure
          .input(z.object({ a: z.string() }))
          .input(z.object({ b: z.string() }))
          .query(() => 1),
      });
      expect(() => listProcedures(chained)).to.throw(/two chains 2 \.input\(\) schemas/);
    });

    it('reads the whole application router (every schema is zod, no procedure chains inputs)', () => {
      const listed = listProcedures(appRouter);
      expect(listed.length).to.be.greaterThan(50);
      expect(new Set(listed.map((entry) => entry.path)).size).to.equal(listed.length);
      expect(listed.some((entry) => entry.meta?.openapi)).to.equal(true);
      expect(listed.some((entry) => entry.meta?.tool)).to.equal(true);
    });
  });

  describe('removeOutputValidator', () => {
    it('removes exactly the output validator: the schema stays, the answer is no longer parsed', async () => {
      const routes = testRouter();
      const before = listProcedures(routes).find((entry) => entry.path === 'leaky')!;
      expect(before.reparsesOutput).to.equal(true);
      // Parsed: the undeclared field is stripped.
      expect(
        await callProcedure({ router: routes, path: 'leaky', type: 'query', input: undefined, ctx: testContext() }),
      ).to.deep.equal({ answer: 'a' });

      expect(removeOutputValidator(before.procedure)).to.equal(before.procedure);
      const after = listProcedures(routes).find((entry) => entry.path === 'leaky')!;
      expect(after.reparsesOutput).to.equal(false);
      expect(after.outputSchema).to.equal(ZAnswer);
      expect(
        await callProcedure({ router: routes, path: 'leaky', type: 'query', input: undefined, ctx: testContext() }),
      ).to.deep.equal({ answer: 'a', secret: 's' });
    });

    it('keeps the input parser and the other middlewares', async () => {
      const routes = testRouter();
      const write = listProcedures(routes).find((entry) => entry.path === 'nested.write')!;
      removeOutputValidator(write.procedure);
      const ctx = testContext();
      expect(
        await callProcedure({ router: routes, path: 'nested.write', type: 'mutation', input: undefined, ctx }),
      ).to.deep.equal({ answer: 'written' });
      expect(ctx.response.headers).to.deep.equal({ 'X-Middleware': 'ran' });
      const first = listProcedures(routes)[0]!;
      removeOutputValidator(first.procedure);
      expect(
        classifyError(
          await rejection(callProcedure({ router: routes, path: 'first', type: 'query', input: { count: 0 }, ctx })),
          'r',
        ).body.code,
      ).to.equal('VALIDATION_FAILED');
    });

    it('refuses a procedure without exactly one output validator (none declared, or removed already)', () => {
      expect(() => removeOutputValidator(publicProcedure.query(() => 'x'))).to.throw(
        /expected one output validator, found 0/,
      );
      const once = removeOutputValidator(publicProcedure.output(z.string()).query(() => 'x'));
      expect(() => removeOutputValidator(once)).to.throw(/found 0/);
    });

    it('is what skipOutputReparse does', () => {
      const skipped = skipOutputReparse(publicProcedure.output(ZAnswer).query(() => ({ answer: 'x' })));
      expect(listProcedures(router({ skipped }))[0]!.reparsesOutput).to.equal(false);
    });
  });

  describe('answeredWithoutRunning', () => {
    it('answers a call from a middleware: no input parse, no handler, no output validation, undefined as the answer', async () => {
      let handled = 0;
      const skipping = publicProcedure.use(() => Promise.resolve(answeredWithoutRunning()));
      const routes = router({
        skipped: skipping
          .input(ZEchoInput)
          .output(ZEchoOutput)
          .mutation(({ input }) => {
            handled += 1;
            return { count: input.count };
          }),
      });
      // An input that would fail its schema, and an output that could not pass it: neither is looked at.
      const answer = await callProcedure({
        router: routes,
        path: 'skipped',
        type: 'mutation',
        input: { count: 'none' },
        ctx: testContext(),
      });
      expect(answer).to.equal(undefined);
      expect(handled).to.equal(0);
    });
  });

  describe('callProcedure', () => {
    it("runs the middlewares, parses the input and answers the handler's output", async () => {
      const ctx = testContext();
      const routes = testRouter();
      expect(
        await callProcedure({ router: routes, path: 'first', type: 'query', input: { count: 3 }, ctx }),
      ).to.deep.equal({ count: 3 });
      expect(
        await callProcedure({ router: routes, path: 'nested.write', type: 'mutation', input: undefined, ctx }),
      ).to.deep.equal({ answer: 'written' });
      expect(ctx.response.headers['X-Middleware']).to.equal('ran');
    });

    it('throws what classifyError maps: invalid input, an AppError, an unexpected error', async () => {
      const routes = testRouter();
      const invalid = await rejection(
        callProcedure({ router: routes, path: 'first', type: 'query', input: { count: 'x' }, ctx: testContext() }),
      );
      expect(invalid).to.be.instanceOf(TRPCError);
      expect(classifyError(invalid, 'r').body).to.include({ code: 'VALIDATION_FAILED', status: 400 });

      const domain = await rejection(
        callProcedure({ router: routes, path: 'fails', type: 'query', input: { kind: 'app' }, ctx: testContext() }),
      );
      expect(classifyError(domain, 'r').body).to.include({ code: 'RESOURCE_NOT_FOUND', message: 'Nothing here.' });

      const bug = await rejection(
        callProcedure({ router: routes, path: 'fails', type: 'query', input: { kind: 'plain' }, ctx: testContext() }),
      );
      expect(bug).to.be.instanceOf(TRPCError);
      expect((originalError(bug) as Error).message).to.equal('a bug');
      const classified = classifyError(bug, 'req-1');
      expect(classified.unexpected).to.equal(true);
      expect(classified.body).to.include({ code: 'INTERNAL_ERROR', status: 500 });
    });

    it('answers NOT_FOUND for an unknown path or a procedure of another type', async () => {
      const routes = testRouter();
      const unknown = await rejection(
        callProcedure({ router: routes, path: 'nope', type: 'query', input: undefined, ctx: testContext() }),
      );
      expect(classifyError(unknown, 'r').body).to.include({ code: 'ROUTE_NOT_FOUND', status: 404 });
      const wrongType = await rejection(
        callProcedure({ router: routes, path: 'nested.write', type: 'query', input: undefined, ctx: testContext() }),
      );
      expect(classifyError(wrongType, 'r').body.code).to.equal('ROUTE_NOT_FOUND');
    });

    it('hands the abort signal to the procedure', async () => {
      const controller = new AbortController();
      controller.abort();
      const routes = testRouter();
      expect(
        await callProcedure({
          router: routes,
          path: 'aborted',
          type: 'query',
          input: undefined,
          ctx: testContext(),
          signal: controller.signal,
        }),
      ).to.deep.equal({ aborted: true });
      expect(
        await callProcedure({ router: routes, path: 'aborted', type: 'query', input: undefined, ctx: testContext() }),
      ).to.deep.equal({ aborted: null });
    });
  });

  describe('the invoker', () => {
    it("lists its router's procedures and calls them by path, typed or found at run time", async () => {
      const routes = testRouter();
      const invoker = createInvoker(routes);
      expect(invoker.router).to.equal(routes);
      expect(invoker.procedures.map((entry) => entry.path)).to.deep.equal(
        listProcedures(routes).map((entry) => entry.path),
      );
      const typed: { count: number } = await invoker.call('first', { count: 2 }, testContext());
      expect(typed).to.deep.equal({ count: 2 });
      // The type comes from the procedure: a mutation is called as one without saying so.
      expect(await invoker.callPath('nested.write', undefined, testContext())).to.deep.equal({ answer: 'written' });
    });

    it('answers NOT_FOUND for a path that names no procedure (a sub-router is not one)', async () => {
      const invoker = createInvoker(testRouter());
      for (const path of ['nope', 'nested']) {
        const error = await rejection(invoker.callPath(path, undefined, testContext()));
        expect(classifyError(error, 'r').body, path).to.include({
          code: 'ROUTE_NOT_FOUND',
          message: `No procedure found on path "${path}"`,
        });
      }
    });

    it("types call() by the router's procedure paths", () => {
      const invoker = createInvoker(testRouter());
      const calls = () => {
        // @ts-expect-error: not a procedure path of this router
        void invoker.call('nested.missing', undefined, testContext());
        // @ts-expect-error: a sub-router is not a procedure
        void invoker.call('nested', undefined, testContext());
      };
      expect(calls).to.be.a('function');
    });
  });
});
