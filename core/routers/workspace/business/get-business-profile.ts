import { Business } from '../../../../orm/entities/accounts/business.ts';
import { ServiceZone } from '../../../../orm/entities/field-service/service-zone.ts';
import { AppError } from '../../../errors/index.ts';
import { tenantProcedure } from '../../../trpc.ts';
import { ZGetBusinessProfileInput, ZGetBusinessProfileOutput } from './get-business-profile.schema.ts';

export const getBusinessProfile = tenantProcedure
  .meta({
    tool: {
      name: 'get-business-profile',
      title: 'Get business profile',
      access: 'read',
      description:
        'The business this connection acts for: name, contact details, address, opening hours, industries, service area and zones, ' +
        'currency and time zone. Call it first to learn the currency amounts are in and the time zone dates are read in.',
    },
  })
  .input(ZGetBusinessProfileInput)
  .output(ZGetBusinessProfileOutput)
  .query(async ({ ctx }) => {
    const business = await ctx.em.findOne(Business, { id: ctx.businessId });
    // The principal's business was deleted after the token was issued.
    if (!business) throw new AppError('RESOURCE_NOT_FOUND', 'The business of this connection no longer exists.');
    const zones = await ctx.em.find(ServiceZone, { businessId: ctx.businessId }, { fields: ['id', 'name'], orderBy: { name: 'asc', id: 'asc' } });
    return {
      id: business.id,
      name: business.name,
      slug: business.slug,
      contact: { email: business.email ?? null, phone: business.phone ?? null, website_url: business.websiteUrl ?? null },
      address: {
        line1: business.addressLine1 ?? null,
        line2: business.addressLine2 ?? null,
        city: business.city ?? null,
        region: business.region ?? null,
        postal_code: business.postalCode ?? null,
        country: business.country ?? null,
      },
      hours: business.hours,
      industries: business.industries,
      service_area: business.serviceArea ?? null,
      service_zones: zones.map((zone) => ({ id: zone.id, name: zone.name })),
      currency: business.currency,
      time_zone: business.timeZone,
    };
  });
