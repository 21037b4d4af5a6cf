import { listImportedPostSources } from '../../services/blog/upsert-posts.query.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZListImportedPostsInput, ZListImportedPostsOutput } from './list-imported-posts.schema.ts';

/** The posts a Markdown import owns, a page at a time (scripts only): a re-run reports those whose file is gone. */
export const listImportedPosts = systemProcedure
  .input(ZListImportedPostsInput)
  .output(ZListImportedPostsOutput)
  .query(async ({ ctx, input }) => {
    const rows = await listImportedPostSources(ctx.em, input.after, input.limit);
    const items = rows.map(({ slug, locale, status, source_path }) => ({ slug, locale, status, source_path }));
    return { items, next: rows.length === input.limit ? (rows.at(-1)?.id ?? null) : null };
  });
