import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { Context } from './context.ts';
import { classifyError, type ErrorMessage } from './errors/index.ts';

/** Procedure metadata: the REST mapping (trpc-to-openapi) plus what other transports read. */
export type Meta = OpenApiMeta;

export interface ErrorShapeData {
  /** The ErrorMessage a REST client sees; adapters unwrap it from tRPC's error shape. */
  errorMessage: ErrorMessage;
  /** Headers that go with the error (Retry-After, ...). */
  headers: Record<string, string>;
  unexpected: boolean;
}

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    // Carry our ErrorMessage inside tRPC's shape; trpc-to-openapi overwrites code and message after this.
    errorFormatter({ shape, error, ctx }) {
      const classified = classifyError(error, ctx?.requestId);
      const data: ErrorShapeData & typeof shape.data = {
        ...shape.data,
        stack: undefined,
        errorMessage: classified.body,
        headers: classified.headers,
        unexpected: classified.unexpected,
      };
      return { ...shape, message: classified.body.message, data };
    },
  });

export const router = t.router;
export const mergeRouters = t.mergeRouters;
export const createCallerFactory = t.createCallerFactory;

/** Anyone may call it: the public REST surface. */
export const publicProcedure = t.procedure;
