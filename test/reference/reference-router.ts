import { z } from 'zod';
import { appRouter } from '../../core/routers/_app.ts';
import { mergeRouters, publicProcedure, router, systemProcedure } from '../../core/trpc.ts';

/**
 * A router that extends the app's with what the reference must and must not show: one more public
 * endpoint, an administrative procedure that (wrongly) carries openapi meta, and one without meta.
 */
const extras = router({
  listWidgets: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/v1/test/widgets',
        operationId: 'test-listWidgets',
        summary: 'List test widgets',
        description: 'Widgets of {base_url}, for the reference test.',
      },
    })
    .input(z.object({ per_page: z.coerce.number().int().min(1).max(7).default(3) }))
    .output(z.object({ data: z.array(z.object({ id: z.string() })) }))
    .query(() => ({ data: [] })),
  purgeWidgetsSecretly: systemProcedure
    .meta({
      openapi: { method: 'POST', path: '/v1/test/purge-widgets-secretly', operationId: 'test-purge', summary: 'Purge' },
    })
    .input(z.object({}))
    .output(z.object({ purged: z.number() }))
    .mutation(() => ({ purged: 0 })),
  countWidgetsInternally: publicProcedure.input(z.object({})).query(() => 0),
});

export const referenceTestRouter = mergeRouters(appRouter, router({ referenceTest: extras }));
