import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../errors/index.ts';
import { runQuery, type SqlSource } from '../../sql/query.ts';
import { LISTING_COLUMNS, photosJson } from '../listing-columns.query.ts';
import { toDirectoryListingPublic, type DirectoryListingRow } from '../listing-row.ts';
import type { DirectoryListingPublic, ListingStatus, SiteUrls } from '../types.ts';

/** A listing the caller's business has claimed: its public fields, the long description and whether it is public. */
export interface ClaimedListingView extends DirectoryListingPublic {
  description: string | null;
  status: ListingStatus;
}

type ClaimedRow = DirectoryListingRow & { description: string | null; status: ListingStatus };

const CLAIMED = `l.claimed_business_id = ? and l.claim_status = 'claimed'`;

function toClaimedListing(row: ClaimedRow, urls: SiteUrls): ClaimedListingView {
  return { ...toDirectoryListingPublic(row, urls), description: row.description, status: row.status };
}

export function claimedListingNotFound(slug: string): AppError {
  return new AppError('RESOURCE_NOT_FOUND', `No listing with the slug "${slug}" is claimed by this business.`);
}

/** A page of the business's claimed listings by id; `afterId` is the previous page's last. Fetches limit + 1. */
export async function listClaimedListings(
  source: SqlSource,
  businessId: string,
  options: { afterId?: number; limit: number },
  urls: SiteUrls,
): Promise<ClaimedListingView[]> {
  const rows = await runQuery<ClaimedRow>(source, {
    sql: `select ${LISTING_COLUMNS}, l.description, l.status, ${photosJson('l')} from directory_listings l
          where ${CLAIMED} and l.id > ? order by l.id limit ?`,
    params: [businessId, options.afterId ?? 0, options.limit + 1],
  });
  return rows.map((row) => toClaimedListing(row, urls));
}

/** One listing the business has claimed, or null (unknown, or not claimed by it). */
async function findClaimedListing(
  source: SqlSource,
  businessId: string,
  slug: string,
  urls: SiteUrls,
): Promise<ClaimedListingView | null> {
  const [row] = await runQuery<ClaimedRow>(source, {
    sql: `select ${LISTING_COLUMNS}, l.description, l.status, ${photosJson('l')} from directory_listings l
          where ${CLAIMED} and l.slug = ?`,
    params: [businessId, slug],
  });
  return row ? toClaimedListing(row, urls) : null;
}

/** One entry of the new photo list: a photo the listing has (by public_id), or a new one (by url). */
type PhotoEntry =
  | { public_id: string; alt_text?: string | null }
  | { url: string; kind: 'photo' | 'logo'; alt_text: string | null; mime_type: string | null };

/** What the business may change on its claimed listing: a field left out stays as it is. */
export interface ClaimedListingChanges {
  short_description?: string | null;
  description?: string | null;
  services?: string[];
  /** The whole photo list, in display order: photos left out are removed. */
  photos?: PhotoEntry[];
}

/**
 * Changes a claimed listing of one business in one transaction (its row locked first): the given
 * fields, then the photo list replaced: kept photos (by public_id) take their place in the list as
 * sort_order, new ones are stored with a fresh public_id, the others are deleted. Answers the listing
 * as it now is; a listing not claimed by the business is not found.
 */
export function updateClaimedListing(
  em: EntityManager,
  businessId: string,
  slug: string,
  changes: ClaimedListingChanges,
  now: Date,
  urls: SiteUrls,
): Promise<ClaimedListingView> {
  return em.transactional(async (tx) => {
    const [listing] = await runQuery<{ id: number }>(tx, {
      sql: `select l.id from directory_listings l where ${CLAIMED} and l.slug = ? for update`,
      params: [businessId, slug],
    });
    if (!listing) throw claimedListingNotFound(slug);
    await runQuery(tx, {
      sql: `update directory_listings set
              short_description = case when ? then ? else short_description end,
              description = case when ? then ? else description end,
              services = case when ? then array(select json_array_elements_text(?::json)) else services end,
              updated_at = ?
            where id = ?`,
      params: [
        changes.short_description !== undefined,
        changes.short_description ?? null,
        changes.description !== undefined,
        changes.description ?? null,
        changes.services !== undefined,
        JSON.stringify(changes.services ?? []),
        now.toISOString(),
        listing.id,
      ],
    });
    if (changes.photos !== undefined) await replacePhotos(tx, listing.id, changes.photos);
    return (await findClaimedListing(tx, businessId, slug, urls))!;
  });
}

async function replacePhotos(tx: EntityManager, listingId: number, entries: PhotoEntry[]): Promise<void> {
  const existing = await runQuery<{ id: number; public_id: string; kind: 'photo' | 'logo' }>(tx, {
    sql: 'select id, public_id, kind from directory_listing_photos where listing_id = ?',
    params: [listingId],
  });
  const byPublicId = new Map(existing.map((photo) => [photo.public_id, photo]));
  let logos = 0;
  entries.forEach((entry, index) => {
    if ('public_id' in entry) {
      const photo = byPublicId.get(entry.public_id);
      if (!photo) {
        throw new AppError(
          'VALIDATION_FAILED',
          `Invalid parameter "photos.${index}.public_id": the listing has no photo ${entry.public_id}.`,
          {
            details: [
              {
                parameter: `photos.${index}.public_id`,
                code: 'unknown_photo',
                message: 'not a photo of this listing',
                path: ['photos', index, 'public_id'],
              },
            ],
          },
        );
      }
      if (photo.kind === 'logo') logos += 1;
    } else if (entry.kind === 'logo') logos += 1;
  });
  if (logos > 1) {
    throw new AppError('VALIDATION_FAILED', 'Invalid parameter "photos": a listing has at most one logo.', {
      details: [{ parameter: 'photos', code: 'too_many_logos', message: 'at most one logo', path: ['photos'] }],
    });
  }
  const kept = new Set(entries.flatMap((entry) => ('public_id' in entry ? [entry.public_id] : [])));
  const removed = existing.filter((photo) => !kept.has(photo.public_id)).map((photo) => photo.id);
  if (removed.length > 0) {
    await runQuery(tx, {
      sql: 'delete from directory_listing_photos where listing_id = ? and id in (select json_array_elements_text(?::json)::int)',
      params: [listingId, JSON.stringify(removed)],
    });
  }
  for (const [index, entry] of entries.entries()) {
    if ('public_id' in entry) {
      await runQuery(tx, {
        sql: `update directory_listing_photos set sort_order = ?, alt_text = case when ? then ? else alt_text end
              where listing_id = ? and public_id = ?`,
        params: [index, entry.alt_text !== undefined, entry.alt_text ?? null, listingId, entry.public_id],
      });
    } else {
      await runQuery(tx, {
        sql: `insert into directory_listing_photos (listing_id, kind, public_id, url, alt_text, mime_type, sort_order)
              values (?, ?, ?, ?, ?, ?, ?)`,
        params: [listingId, entry.kind, randomUUID(), entry.url, entry.alt_text, entry.mime_type, index],
      });
    }
  }
}
