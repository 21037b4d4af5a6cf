import { z } from 'zod';
import { ZDate, ZDateTime } from '../shared/cursor-page.schema.ts';

export const ZProperty = z.object({
  id: z.uuid(),
  customer: z.object({ id: z.uuid(), name: z.string() }),
  name: z.string().nullable().describe('A label such as "Main" or "Rental unit".'),
  address: z.object({
    line1: z.string(),
    line2: z.string().nullable(),
    city: z.string(),
    region: z.string().nullable(),
    postal_code: z.string(),
    country: z.string().nullable(),
  }),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  notes: z.string().nullable(),
  created_at: ZDateTime,
});

export const ZEquipment = z.object({
  id: z.uuid(),
  type: z.string().describe('e.g. Air conditioner, Water heater.'),
  make: z.string().nullable(),
  model: z.string().nullable(),
  serial: z.string().nullable(),
  installed_on: ZDate.nullable(),
  warranty_expires_on: ZDate.nullable(),
  under_warranty: z.boolean().describe('Whether the warranty runs at least until today (business time zone).'),
});
