import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { Context } from './context.ts';
import { AppError, classifyError, type ErrorMessage } from './errors/index.ts';
import { rateLimitHeaders } from './services/rate-limit/headers.ts';

/** Procedure metadata: the REST mapping (trpc-to-openapi) plus what other transports read. */
export type Meta = OpenApiMeta;

export interface ErrorShapeData {
  /** The ErrorMessage, for clients of tRPC's own endpoint (`error.data.errorMessage`). */
  errorMessage: ErrorMessage;
}

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    // tRPC's own endpoint keeps tRPC's error shape (its clients need it) with our ErrorMessage inside;
    // the REST adapter answers errors itself and never sees this shape.
    errorFormatter({ shape, error, ctx }) {
      const classified = classifyError(error, ctx?.requestId);
      const data: ErrorShapeData & typeof shape.data = { ...shape.data, stack: undefined, errorMessage: classified.body };
      return { ...shape, message: classified.body.message, data };
    },
  });

export const router = t.router;
export const mergeRouters = t.mergeRouters;
export const createCallerFactory = t.createCallerFactory;

/** Anyone may call it: the public REST surface. */
export const publicProcedure = t.procedure;

/** Public, and counted against the government group's per-client budget (429 RATE_LIMITED beyond it). */
export const governmentProcedure = publicProcedure.use(async ({ ctx, next }) => {
  // In-process callers (scripts, tests through the caller) have no address and no budget.
  if (ctx.clientAddress === undefined) return next();
  const decision = await ctx.services.rateLimiters.government.consume(ctx.clientAddress);
  const headers = rateLimitHeaders(decision);
  if (!decision.allowed) {
    throw new AppError(
      'RATE_LIMITED',
      `Too many requests: the limit is ${decision.policy.points} per ${decision.policy.windowSeconds} seconds per client.`,
      { headers },
    );
  }
  Object.assign(ctx.response.headers, headers);
  return next();
});

/** Only the in-process caller of scripts: seeding and administration. No transport reaches it. */
export const systemProcedure = t.procedure.use(({ ctx, next }) => {
  // Answered like an unknown procedure, so the public cannot discover administrative ones.
  if (ctx.principal.kind !== 'system') throw new AppError('ROUTE_NOT_FOUND', 'No such procedure.');
  return next();
});
