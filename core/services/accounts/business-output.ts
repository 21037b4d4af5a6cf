import type { BusinessHours, IBusiness } from '../../../orm/entities/accounts/business.ts';

export interface BusinessOutput {
  id: string;
  slug: string;
  name: string;
  time_zone: string;
  currency: string;
  email: string | null;
  phone: string | null;
  website_url: string | null;
  address: {
    line1: string | null;
    line2: string | null;
    city: string | null;
    region: string | null;
    postal_code: string | null;
    country: string | null;
  };
  hours: BusinessHours[];
  industries: string[];
  service_area: string | null;
  created_at: string;
}

export function toBusinessOutput(business: IBusiness): BusinessOutput {
  return {
    id: business.id,
    slug: business.slug,
    name: business.name,
    time_zone: business.timeZone,
    currency: business.currency,
    email: business.email ?? null,
    phone: business.phone ?? null,
    website_url: business.websiteUrl ?? null,
    address: {
      line1: business.addressLine1 ?? null,
      line2: business.addressLine2 ?? null,
      city: business.city ?? null,
      region: business.region ?? null,
      postal_code: business.postalCode ?? null,
      country: business.country ?? null,
    },
    hours: business.hours.map(({ weekday, opens, closes }) => ({ weekday, opens, closes })),
    industries: [...business.industries],
    service_area: business.serviceArea ?? null,
    created_at: business.createdAt.toISOString(),
  };
}
