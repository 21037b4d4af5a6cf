import { AppError } from '../../errors/index.ts';
import { cachePublicly } from '../../response-meta.ts';
import { findGovernmentOpportunity } from '../../services/government/get-opportunity.query.ts';
import { governmentProcedure, skipOutputReparse } from '../../trpc.ts';
import { ZGetOpportunityInput, ZGetOpportunityOutput } from './get-opportunity.schema.ts';
import { readPublicAnswer } from '../shared/public-read.ts';

export const getOpportunity = skipOutputReparse(
  governmentProcedure
    .meta({
      openapi: {
        method: 'GET',
        operationId: 'government-get',
        path: '/v1/government-opportunities/public/{identifier}',
        tags: ['Government opportunities'],
        summary: 'One government opportunity',
        description:
          'All public and detail fields of one opportunity, found by its slug (preferred) or its legacy upstream notice ' +
          'identifier; both give the same record. Any stored opportunity is readable, also after it closed or was archived ' +
          'or cancelled (see `status` and `response_deadline`), so that old links keep working. For an anonymous caller ' +
          '`fit_score` is null and `saved` is false. Cached publicly for 60 seconds. Rate limited per client.',
        successDescription: 'The opportunity.',
        errorResponses: {
          404: 'No opportunity has this slug or notice identifier (code RESOURCE_NOT_FOUND).',
          429: 'Too many requests: the per-client budget is spent (code RATE_LIMITED); retry after Retry-After seconds.',
        },
      },
    })
    .input(ZGetOpportunityInput)
    .output(ZGetOpportunityOutput)
    .query(({ ctx, input }) =>
      readPublicAnswer(ctx, 'government', 'government.getOpportunity', input, async () => {
        const opportunity = await findGovernmentOpportunity(ctx.sql, input, ctx.urls);
        if (!opportunity) {
          // Keep the RateLimit headers the middleware set: the request counted against the budget all the same.
          throw new AppError(
            'RESOURCE_NOT_FOUND',
            `No government opportunity has the slug or notice identifier "${input.identifier}".`,
            {
              headers: { ...ctx.response.headers },
            },
          );
        }
        cachePublicly(ctx, 60);
        return { data: opportunity };
      }),
    ),
);
