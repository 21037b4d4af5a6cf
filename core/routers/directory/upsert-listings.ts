import type { ListingUpsert } from '../../services/directory/upsert-listings.ts';
import { upsertDirectoryListings } from '../../services/directory/upsert-listings.query.ts';
import { systemProcedure } from '../../trpc.ts';
import {
  ZListingImportRow,
  ZUpsertDirectoryListingsInput,
  ZUpsertDirectoryListingsOutput,
} from './upsert-listings.schema.ts';

type Rejection = { line: number; external_id: string | null; column: string | null; reason: string };

/** The URL rule is a union (absolute URL or site path): say what it takes rather than "Invalid input". */
const urlMessage = (issue: { code?: string }) =>
  issue.code === 'invalid_union' ? 'expected an absolute http(s) URL or a path on the site starting with /' : undefined;

/** "photo_urls #2: Invalid URL": the column, the item when the cell is a list, and why. */
function issueText(issue: { path: PropertyKey[]; message: string }): string {
  const [column, item] = issue.path;
  return `${String(column ?? 'row')}${typeof item === 'number' ? ` #${item + 1}` : ''}: ${issue.message}`;
}

/**
 * Administrative: upserts a batch of directory rows (npm run admin -- import-directory) by
 * external id. Each row is checked on its own with the insert procedure's rules; a bad row is
 * rejected with its line and reasons and the rest of the batch is stored; an external id seen
 * earlier in the batch rejects the later row. New listings come in unclaimed; an existing listing
 * keeps its slug and claim status, and a claimed one its services, descriptions and photos. No REST mapping.
 */
export const upsertListings = systemProcedure
  .input(ZUpsertDirectoryListingsInput)
  .output(ZUpsertDirectoryListingsOutput)
  .mutation(async ({ ctx, input }) => {
    const valid: ListingUpsert[] = [];
    const rejected: Rejection[] = [];
    const firstLine = new Map<string, number>();
    for (const { line, fields } of input.rows) {
      const externalId = fields.external_id?.trim() || null;
      const parsed = ZListingImportRow.safeParse(fields, { error: urlMessage });
      if (!parsed.success) {
        const issues = parsed.error.issues;
        rejected.push({
          line,
          external_id: externalId,
          column: issues[0]?.path[0] === undefined ? null : String(issues[0].path[0]),
          reason: issues.map(issueText).join('; '),
        });
        continue;
      }
      const { logo_url, photo_urls, ...row } = parsed.data;
      const seen = firstLine.get(row.external_id);
      if (seen !== undefined) {
        rejected.push({
          line,
          external_id: row.external_id,
          column: 'external_id',
          reason: `external_id: duplicate of line ${seen} (the later row is rejected)`,
        });
        continue;
      }
      firstLine.set(row.external_id, line);
      const photos = [
        ...(logo_url ? [{ kind: 'logo' as const, url: logo_url, sort_order: 0 }] : []),
        ...photo_urls.map((url, index) => ({ kind: 'photo' as const, url, sort_order: index + 1 })),
      ];
      valid.push({ line, ...row, photos });
    }
    const counts =
      valid.length === 0
        ? { inserted: 0, updated: 0, unchanged: 0 }
        : await upsertDirectoryListings(ctx.em, valid, { dryRun: input.dry_run });
    // The text router knows industries and metros by the listings': a new one is recognised at once in this process.
    if (!input.dry_run) {
      ctx.services.caches.routerVocabulary.invalidate();
      ctx.services.caches.publicReads.invalidate('directory');
    }
    return { ...counts, rejected };
  });
