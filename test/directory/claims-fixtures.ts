import { randomBytes, randomUUID } from 'node:crypto';
import type { apiTokenScopes } from '../../core/auth/scopes.ts';
import type { ListingSeed } from '../../core/services/directory/insert-listings.ts';
import { request, type JsonResponse } from '../helpers/http.ts';
import { service } from '../helpers/root-hooks.ts';
import { directoryCaller } from './fixtures.ts';

export type Json = Record<string, any>;
type Scope = (typeof apiTokenScopes)[number];

export interface ClaimingBusiness {
  id: string;
  slug: string;
  /** A token with workspace:read and workspace:write. */
  token: string;
  tokenWith: (scopes: Scope[]) => Promise<string>;
  /** Calls {base_url}/v1/directory/... with this business's token (or the one given; null: none). */
  call: (method: string, path: string, body?: unknown, bearer?: string | null) => Promise<JsonResponse<Json>>;
}

/** A business with the given contact details and a workspace token, through the admin procedures. */
export async function claimingBusiness(
  label: string,
  profile: { phone?: string; website_url?: string; email?: string } = {},
): Promise<ClaimingBusiness> {
  const admin = directoryCaller();
  const suffix = randomBytes(3).toString('hex');
  const business = await admin.accounts.createBusiness({
    name: `Claims ${label} ${suffix}`,
    time_zone: 'America/Chicago',
    currency: 'USD',
    ...profile,
  });
  const tokenWith = async (scopes: Scope[]) =>
    (await admin.accounts.createApiToken({ business: business.slug, name: `claims ${scopes.join(' ')}`, scopes }))
      .token;
  const token = await tokenWith(['workspace:read', 'workspace:write']);
  const call = (method: string, path: string, body?: unknown, bearer: string | null = token) =>
    request<Json>(`${service().url}/api/v1/directory${path}`, {
      method,
      headers: {
        ...(bearer === null ? {} : { authorization: `Bearer ${bearer}` }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return { id: business.id, slug: business.slug, token, tokenWith, call };
}

/** One published, unclaimed listing with this phone and website, and two photos. */
export async function claimableListing(overrides: Partial<ListingSeed> = {}): Promise<ListingSeed> {
  const tag = `c${randomBytes(4).toString('hex')}`;
  const listing: ListingSeed = {
    slug: `${tag}-lone-star-plumbing`,
    name: `Lone Star Plumbing ${tag}`,
    industry_key: `${tag}-plumbing`,
    industry_label: 'Plumbing',
    metro_key: `${tag}-austin`,
    metro_label: 'Austin, TX',
    services: ['Drain cleaning'],
    claim_status: 'unclaimed',
    status: 'published',
    phone: '(512) 555-0147',
    website_url: `https://www.${tag}-plumbing.test/services`,
    address: '100 Congress Ave',
    postal_code: '78701',
    city: 'Austin',
    state: 'TX',
    latitude: null,
    longitude: null,
    rating: 4.5,
    review_count: 12,
    short_description: 'Plumbing in Austin.',
    description: null,
    photos: [0, 1].map((index) => ({
      kind: 'photo' as const,
      public_id: randomUUID(),
      url: `https://cdn.example.com/${tag}/${index}.jpg`,
      alt_text: `photo ${index}`,
      mime_type: 'image/jpeg',
      byte_size: 1000,
      original_filename: null,
      sort_order: index,
    })),
    ...overrides,
  };
  await directoryCaller().directory.insertListings({ listings: [listing] });
  return listing;
}

/** The listing's host, as the website-domain check compares it. */
export function hostOf(listing: ListingSeed): string {
  return new URL(listing.website_url!).hostname.replace(/^www\./, '');
}

/** GET /v1/directory/public/{slug}: what the public sees. */
export async function publicListing(slug: string): Promise<JsonResponse<Json>> {
  return request<Json>(`${service().url}/api/v1/directory/public/${slug}`);
}
