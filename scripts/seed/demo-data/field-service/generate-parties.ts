import { Business } from '../../../../orm/entities/accounts/business.ts';
import { Customer } from '../../../../orm/entities/field-service/customer.ts';
import { CustomerContact } from '../../../../orm/entities/field-service/customer-contact.ts';
import { CustomerTag } from '../../../../orm/entities/field-service/customer-tag.ts';
import { Equipment } from '../../../../orm/entities/field-service/equipment.ts';
import { Lead } from '../../../../orm/entities/field-service/lead.ts';
import { LeadSource } from '../../../../orm/entities/field-service/lead-source.ts';
import { Property } from '../../../../orm/entities/field-service/property.ts';
import { ServiceZone } from '../../../../orm/entities/field-service/service-zone.ts';
import { Tag } from '../../../../orm/entities/field-service/tag.ts';
import { TaxRate } from '../../../../orm/entities/field-service/tax-rate.ts';
import { TeamMember } from '../../../../orm/entities/field-service/team-member.ts';
import { TeamMemberServiceZone } from '../../../../orm/entities/field-service/team-member-service-zone.ts';
import * as words from './catalogue.ts';
import type { DemoWorkspaceSpec } from './specs.ts';
import type { WorkspaceRows } from './workspace-rows.ts';

export interface Parties {
  customers: Array<{ id: string; name: string; createdAt: Date }>;
  propertiesByCustomer: Map<string, string[]>;
  team: Array<{ id: string; name: string; technician: boolean }>;
  taxRateId: string;
}

const stamps = (at: Date) => ({ createdAt: at, updatedAt: at });

function personName(rows: WorkspaceRows): string {
  return `${rows.random.pick(words.firstNames)} ${rows.random.pick(words.lastNames)}`;
}

function street(rows: WorkspaceRows): string {
  return `${rows.random.int(100, 9899)} ${rows.random.pick(words.streetNames)} ${rows.random.pick(words.streetSuffixes)}`;
}

function phone(rows: WorkspaceRows, areaCode: string): string {
  return `(${areaCode}) 555-${String(rows.random.int(100, 9999)).padStart(4, '0')}`;
}

/** The business, its team, zones, tax rate, tags, customers with contacts, properties and equipment, and leads. */
export function generateParties(rows: WorkspaceRows, spec: DemoWorkspaceSpec): Parties {
  const { businessId } = rows;
  const created = rows.localDay(-400).toJSDate();
  const home = spec.cities[0]!;
  rows.add(Business, {
    id: businessId,
    slug: spec.slug,
    name: spec.name,
    email: spec.email,
    phone: phone(rows, spec.areaCode),
    websiteUrl: spec.websiteUrl,
    timeZone: spec.timeZone,
    currency: spec.currency,
    addressLine1: street(rows),
    addressLine2: null,
    city: home.city,
    region: home.region,
    postalCode: home.postalCodes[0],
    country: 'US',
    industries: [...spec.industries],
    serviceArea: spec.serviceArea,
    hours: [1, 2, 3, 4, 5]
      .map((weekday) => ({ weekday, opens: '07:30', closes: '18:00' }))
      .concat([{ weekday: 6, opens: '09:00', closes: '13:00' }]),
    ...stamps(created),
  });

  const taxRateId = rows.id();
  rows.add(TaxRate, {
    id: taxRateId,
    businessId,
    name: spec.taxName,
    rateBasisPoints: spec.taxBasisPoints,
    isDefault: true,
    active: true,
    ...stamps(created),
  });
  rows.add(TaxRate, {
    id: rows.id(),
    businessId,
    name: 'Exempt',
    rateBasisPoints: 0,
    isDefault: false,
    active: true,
    ...stamps(created),
  });

  const tagIds = words.tagNames.map(
    (name) => rows.add(Tag, { id: rows.id(), businessId, name, color: null, ...stamps(created) }).id,
  );

  const zones = spec.cities.map((city) =>
    rows.add(ServiceZone, {
      id: rows.id(),
      businessId,
      name: `${city.city} area`,
      postalCodes: [...city.postalCodes],
      ...stamps(created),
    }),
  );

  const team = Array.from({ length: spec.teamSize }, (_, index) => {
    const role = index < spec.teamSize - 2 ? 'technician' : words.teamRoles[3 + (index % 3)]!;
    const name = personName(rows);
    const early = rows.random.chance(0.5);
    const member = rows.add(TeamMember, {
      id: rows.id(),
      businessId,
      userId: null,
      name,
      email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@${spec.emailDomain}`,
      phone: phone(rows, spec.areaCode),
      role,
      skills: rows.random.sample(words.skills, rows.random.int(1, 3)),
      active: index !== 1 || spec.teamSize < 6,
      color: null,
      workingHours: [1, 2, 3, 4, 5].map((weekday) => ({
        weekday,
        start: early ? '07:00' : '08:00',
        end: early ? '15:30' : '17:00',
      })),
      ...stamps(created),
    });
    for (const zone of rows.random.sample(zones, role === 'technician' ? rows.random.int(1, zones.length) : 0)) {
      rows.add(TeamMemberServiceZone, { businessId, teamMemberId: member.id, serviceZoneId: zone.id });
    }
    return { id: member.id, name, technician: role === 'technician' };
  });

  const customers: Parties['customers'] = [];
  const propertiesByCustomer = new Map<string, string[]>();
  for (let index = 0; index < spec.customers; index += 1) {
    const since = rows
      .localDay(-rows.random.int(1, 380))
      .plus({ hours: rows.random.int(8, 17) })
      .toJSDate();
    const name = personName(rows);
    const commercial = rows.random.chance(0.15);
    const city = rows.random.pick(spec.cities);
    const postalCode = rows.random.pick(city.postalCodes);
    const line1 = street(rows);
    const customer = rows.add(Customer, {
      id: rows.id(),
      businessId,
      name,
      companyName: commercial
        ? `${rows.random.pick(words.lastNames)} ${rows.random.pick(words.companySuffixes)}`
        : null,
      email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}.${index}@example.com`,
      phone: phone(rows, spec.areaCode),
      status: rows.random.chance(0.06) ? 'inactive' : 'active',
      addressLine1: line1,
      addressLine2: null,
      city: city.city,
      region: city.region,
      postalCode,
      country: 'US',
      notes: rows.random.chance(0.2) ? rows.random.pick(words.noteTexts) : null,
      ...stamps(since),
    });
    customers.push({ id: customer.id, name, createdAt: since });
    for (const tagId of rows.random.sample(tagIds, rows.random.int(0, 2)))
      rows.add(CustomerTag, { businessId, customerId: customer.id, tagId });
    if (commercial || rows.random.chance(0.2)) {
      rows.add(CustomerContact, {
        id: rows.id(),
        businessId,
        customerId: customer.id,
        name: personName(rows),
        role: commercial ? 'Facilities manager' : 'Spouse',
        email: null,
        phone: phone(rows, spec.areaCode),
        isPrimary: false,
        ...stamps(since),
      });
    }
    rows.add(CustomerContact, {
      id: rows.id(),
      businessId,
      customerId: customer.id,
      name,
      role: 'Owner',
      email: customer.email,
      phone: customer.phone,
      isPrimary: true,
      ...stamps(since),
    });

    const propertyIds: string[] = [];
    const propertyCount = commercial ? rows.random.int(1, 3) : rows.random.chance(0.1) ? 2 : 1;
    for (let p = 0; p < propertyCount; p += 1) {
      const property = rows.add(Property, {
        id: rows.id(),
        businessId,
        customerId: customer.id,
        name: p === 0 ? 'Main' : `Site ${p + 1}`,
        addressLine1: p === 0 ? line1 : street(rows),
        addressLine2: null,
        city: city.city,
        region: city.region,
        postalCode,
        country: 'US',
        latitude: city.latitude + (rows.random.next() - 0.5) / 10,
        longitude: city.longitude + (rows.random.next() - 0.5) / 10,
        notes: null,
        ...stamps(since),
      });
      propertyIds.push(property.id);
      for (const kind of rows.random.sample(words.equipmentTypes, rows.random.int(1, 3))) {
        const installed = rows.localDay(-rows.random.int(200, 5000));
        rows.add(Equipment, {
          id: rows.id(),
          businessId,
          propertyId: property.id,
          equipmentType: kind.type,
          make: rows.random.pick(kind.makes),
          model: `${kind.type.slice(0, 2).toUpperCase()}-${rows.random.int(100, 999)}`,
          serialNumber: `SN${rows.random.int(10_000_000, 99_999_999)}`,
          installedOn: rows.isoDate(installed),
          warrantyExpiresOn: rows.isoDate(installed.plus({ years: rows.random.int(1, 10) })),
          notes: null,
          ...stamps(since),
        });
      }
    }
    propertiesByCustomer.set(customer.id, propertyIds);
  }

  const sources = words.leadSources.map((source) =>
    rows.add(LeadSource, { id: rows.id(), businessId, name: source.name, channel: source.channel, ...stamps(created) }),
  );
  for (let index = 0; index < spec.leads; index += 1) {
    const at = rows
      .localDay(-rows.random.int(0, 120))
      .plus({ hours: rows.random.int(7, 20) })
      .toJSDate();
    const status = rows.random.pick(['new', 'contacted', 'qualified', 'converted', 'lost'] as const);
    const converted = status === 'converted' ? rows.random.pick(customers) : undefined;
    const name = converted?.name ?? personName(rows);
    rows.add(Lead, {
      id: rows.id(),
      businessId,
      leadSourceId: rows.random.chance(0.9) ? rows.random.pick(sources).id : null,
      customerId: converted?.id ?? null,
      name,
      email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.net`,
      phone: phone(rows, spec.areaCode),
      description: `Asked about ${rows.random.pick(words.jobTypes).name.toLowerCase()}.`,
      status,
      estimatedValueMinor: rows.random.int(10, 400) * 1_000,
      convertedAt: converted ? at : null,
      ...stamps(at),
    });
  }
  return { customers, propertiesByCustomer, team, taxRateId };
}
