import { listFlag, optionalFlag, repeatedFlag, requiredFlag, type AdminCommand, type FlagValues } from './command.ts';
import { parseHours } from './hours.ts';

function address(values: FlagValues) {
  const fields = {
    line1: optionalFlag(values, 'address-line1'),
    line2: optionalFlag(values, 'address-line2'),
    city: optionalFlag(values, 'city'),
    region: optionalFlag(values, 'region'),
    postal_code: optionalFlag(values, 'postal-code'),
    country: optionalFlag(values, 'country'),
  };
  return Object.values(fields).some((value) => value !== undefined) ? fields : undefined;
}

export const createBusinessCommand: AdminCommand = {
  name: 'create-business',
  summary: 'Create a business (workspace), optionally owned by an existing user.',
  help: `--name <name> --time-zone <zone> --currency <code> [more flags]

  --name <name>             the business's name
  --slug <slug>             lowercase a-z, 0-9 and hyphens; derived from the name when absent
  --time-zone <zone>        IANA time zone, e.g. America/Chicago
  --currency <code>         ISO 4217 code, e.g. USD
  --owner-email <address>   an existing user who becomes the owner
  --email <address>  --phone <phone>  --website-url <url>  --service-area <text>
  --address-line1 <text>  --address-line2 <text>  --city <city>  --region <region>
  --postal-code <code>  --country <ISO 3166 alpha-2, e.g. US>
  --industry <name>         repeatable or comma-separated, e.g. --industry hvac,plumbing
  --hours "<days> <opens>-<closes>"
                            repeatable opening windows in local time, e.g.
                            --hours "mon-fri 08:00-17:00" --hours "sat 09:00-12:00"`,
  options: {
    name: { type: 'string' },
    slug: { type: 'string' },
    'time-zone': { type: 'string' },
    currency: { type: 'string' },
    'owner-email': { type: 'string' },
    email: { type: 'string' },
    phone: { type: 'string' },
    'website-url': { type: 'string' },
    'service-area': { type: 'string' },
    'address-line1': { type: 'string' },
    'address-line2': { type: 'string' },
    city: { type: 'string' },
    region: { type: 'string' },
    'postal-code': { type: 'string' },
    country: { type: 'string' },
    industry: { type: 'string', multiple: true },
    hours: { type: 'string', multiple: true },
  },
  async prepare(values) {
    // Not split on commas: a day list has commas of its own ("mon,wed 09:00-12:00").
    const hours = repeatedFlag(values, 'hours');
    const input = {
      name: requiredFlag(values, 'name'),
      slug: optionalFlag(values, 'slug'),
      time_zone: requiredFlag(values, 'time-zone'),
      currency: requiredFlag(values, 'currency'),
      owner_email: optionalFlag(values, 'owner-email'),
      email: optionalFlag(values, 'email'),
      phone: optionalFlag(values, 'phone'),
      website_url: optionalFlag(values, 'website-url'),
      service_area: optionalFlag(values, 'service-area'),
      address: address(values),
      industries: listFlag(values, 'industry'),
      hours: hours ? parseHours(hours) : undefined,
    };
    return async (caller) => {
      const business = await caller.accounts.createBusiness(input);
      const owner = business.owner ? `, owned by ${business.owner.email}` : '';
      return {
        json: business,
        text: `Created business "${business.name}" (slug ${business.slug}), id ${business.id}, time zone ${business.time_zone}, currency ${business.currency}${owner}.`,
      };
    };
  },
};
