import { AppError } from '../../../errors/index.ts';
import { findBusinessProfile } from '../../../services/workspace/business/business.query.ts';
import { serviceZoneNames } from '../../../services/workspace/business/service-zone-names.query.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZGetBusinessProfileInput, ZGetBusinessProfileOutput } from './get-business-profile.schema.ts';

export const getBusinessProfile = tenantProcedure
  .meta({
    tool: {
      name: 'get-business-profile',
      title: 'Get business profile',
      access: 'read',
      toolset: 'business',
      description:
        'The business this connection acts for: name, contact (e-mail, phone, website), address, opening hours, industries, service area and service zones, ' +
        'currency and time zone. Call it first: every amount of the other tools is in this currency and every local date and time is in this time zone.',
    },
  })
  .input(ZGetBusinessProfileInput)
  .output(ZGetBusinessProfileOutput)
  .query(async ({ ctx }) => {
    const business = await findBusinessProfile(ctx.em, ctx.businessId);
    // The principal's business was deleted after its token was issued.
    if (!business) throw new AppError('RESOURCE_NOT_FOUND', 'The business of this connection no longer exists.');
    const zones = await serviceZoneNames(ctx.em, ctx.businessId);
    return {
      id: business.id,
      name: business.name,
      slug: business.slug,
      contact: {
        email: business.email ?? null,
        phone: business.phone ?? null,
        website_url: business.websiteUrl ?? null,
      },
      address: {
        line1: business.addressLine1 ?? null,
        line2: business.addressLine2 ?? null,
        city: business.city ?? null,
        region: business.region ?? null,
        postal_code: business.postalCode ?? null,
        country: business.country ?? null,
      },
      hours: business.hours.map((window) => ({ weekday: window.weekday, opens: window.opens, closes: window.closes })),
      industries: business.industries,
      service_area: business.serviceArea ?? null,
      service_zones: zones,
      currency: business.currency,
      time_zone: business.timeZone,
    };
  });
