import type { SiteUrls } from '../../context.ts';

/**
 * The pg driver hands timestamptz columns over as Date; a caller that reads rows some other way
 * (text protocol, another driver) may get strings. Either way the API answers ISO 8601 in UTC.
 */
export function isoOrNull(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(String(value))).toISOString();
}

/** The public address of a stored image: the binary endpoint under {base_url}. */
export function blogMediaUrl(urls: Pick<SiteUrls, 'base'>, publicId: string): string {
  return `${urls.base}/v1/blog/media/${publicId}`;
}

/** A CDN URL when the post has one, else the stored image's URL, else null. */
export function coverImageUrl(
  urls: Pick<SiteUrls, 'base'>,
  cdnUrl: string | null | undefined,
  mediaPublicId: string | null | undefined,
): string | null {
  if (cdnUrl) return cdnUrl;
  return mediaPublicId ? blogMediaUrl(urls, mediaPublicId) : null;
}
