import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../errors/index.ts';
import { checkBusinessHours } from '../../services/accounts/business-hours.ts';
import { businessSlugTaken, insertBusiness } from '../../services/accounts/businesses.query.ts';
import { toBusinessOutput } from '../../services/accounts/business-output.ts';
import { isKnownCurrency } from '../../services/accounts/currency.ts';
import { invalidParameter } from '../../services/accounts/invalid-parameter.ts';
import { isUuidShaped, slugFromName } from '../../services/accounts/slug.ts';
import { canonicalTimeZone } from '../../services/accounts/time-zone.ts';
import { isUniqueViolation } from '../../services/sql/unique-violation.ts';
import { findUserByEmail } from '../../services/accounts/users.query.ts';
import { systemProcedure } from '../../trpc.ts';
import { ZCreateBusinessInput, ZCreateBusinessOutput } from './create-business.schema.ts';

function slugTaken(slug: string): AppError {
  return new AppError('CONFLICT', `A business with the slug "${slug}" already exists; choose another slug.`);
}

async function chooseSlug(em: EntityManager, name: string, requested: string | undefined): Promise<string> {
  const slug = requested ?? slugFromName(name);
  if (!slug)
    throw invalidParameter(
      'slug',
      'the name has no letters a-z or digits to derive a slug from; give a slug.',
      'missing',
    );
  if (isUuidShaped(slug))
    throw invalidParameter('slug', 'must not look like a UUID (businesses are referred to by id or slug).');
  if (await businessSlugTaken(em, slug)) throw slugTaken(slug);
  return slug;
}

/** A new business (workspace), optionally with an existing user as its owner (scripts only). */
export const createBusiness = systemProcedure
  .input(ZCreateBusinessInput)
  .output(ZCreateBusinessOutput)
  .mutation(async ({ ctx, input }) => {
    const timeZone = canonicalTimeZone(input.time_zone);
    if (!timeZone)
      throw invalidParameter(
        'time_zone',
        `"${input.time_zone}" is not an IANA time zone (e.g. America/Chicago, Europe/Paris, UTC).`,
      );
    if (!isKnownCurrency(input.currency))
      throw invalidParameter('currency', `${input.currency} is not an ISO 4217 currency code.`);
    const hours = checkBusinessHours(input.hours ?? []);
    if ('message' in hours) throw invalidParameter(`hours.${hours.index}`, hours.message);
    const owner = input.owner_email ? await findUserByEmail(ctx.em, input.owner_email) : undefined;
    if (owner === null)
      throw new AppError(
        'RESOURCE_NOT_FOUND',
        `No user with the e-mail address ${input.owner_email}; create the user first.`,
      );
    const slug = await chooseSlug(ctx.em, input.name, input.slug);

    const now = ctx.clock.now();
    const address = input.address ?? {};
    const values = {
      slug,
      name: input.name,
      email: input.email ?? null,
      phone: input.phone ?? null,
      websiteUrl: input.website_url ?? null,
      timeZone,
      currency: input.currency,
      addressLine1: address.line1 ?? null,
      addressLine2: address.line2 ?? null,
      city: address.city ?? null,
      region: address.region ?? null,
      postalCode: address.postal_code ?? null,
      country: address.country ?? null,
      hours: hours.sorted,
      industries: [...new Set(input.industries ?? [])],
      serviceArea: input.service_area ?? null,
      createdAt: now,
      updatedAt: now,
    };
    let business;
    try {
      // One transaction: the business never exists without the owner asked for.
      business = await insertBusiness(ctx.em, values, owner ? { userId: owner.id, createdAt: now } : undefined);
    } catch (error) {
      if (isUniqueViolation(error, 'businesses_slug_unique')) throw slugTaken(slug);
      throw error;
    }
    return { ...toBusinessOutput(business), owner: owner ? { user_id: owner.id, email: owner.email } : null };
  });
