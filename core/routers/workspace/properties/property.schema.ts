import { z } from 'zod';
import { ZDate, ZDateTime } from '../../../domain/workspace/cursor-page.schema.ts';

export const ZProperty = z.object({
  id: z.uuid(),
  customer: z.object({ id: z.uuid(), name: z.string() }).describe('The customer who owns the property (get-customer).'),
  name: z.string().nullable().describe('A label such as "Main house" or "Rental unit"; null when unnamed.'),
  address: z.object({
    line1: z.string(),
    line2: z.string().nullable(),
    city: z.string(),
    region: z.string().nullable().describe('State or province.'),
    postal_code: z.string(),
    country: z.string().nullable().describe('ISO 3166-1 alpha-2 country code.'),
  }),
  latitude: z.number().nullable().describe('WGS 84 degrees; null when not geocoded.'),
  longitude: z.number().nullable().describe('WGS 84 degrees; null when not geocoded.'),
  notes: z.string().nullable().describe('Access notes for technicians (gate codes, pets, parking).'),
  created_at: ZDateTime,
});

export const ZEquipment = z.object({
  id: z.uuid(),
  type: z.string().describe('Kind of unit, e.g. "Furnace", "Water heater".'),
  make: z.string().nullable(),
  model: z.string().nullable(),
  serial: z.string().nullable().describe('Serial number.'),
  installed_on: ZDate.nullable(),
  warranty_expires_on: ZDate.nullable().describe('Last day covered by the warranty; null when unknown or none.'),
  under_warranty: z
    .boolean()
    .describe(
      "True when warranty_expires_on is today or later, today being the date in the business's time zone; false when it has passed or is unknown.",
    ),
  notes: z.string().nullable(),
});
