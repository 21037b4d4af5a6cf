import { z } from 'zod';
import { ZDateTime, ZId } from '../shared/cursor-page.schema.ts';
import { jobPriorities } from './job.schema.ts';
import { ZJob } from './get-job.schema.ts';

const ZQuantity = z
  .number()
  .positive()
  .max(1_000_000)
  .refine((value) => Math.abs(value * 1000 - Math.round(value * 1000)) < 1e-6, { message: "at most three decimals" })
  .describe('How many units, more than 0, at most three decimals.');
const ZUnitPrice = z.number().int().min(0).max(10_000_000_000).describe('Price per unit in minor units.');

const ZPriceBookLine = z.object({
  price_book_item_id: ZId.describe('An active service or material (search-price-book, list-services, list-materials).'),
  quantity: ZQuantity,
  unit_price_minor: ZUnitPrice.optional().describe('Overrides the price-book price.'),
});

const ZCustomLine = z.object({
  kind: z.literal('custom'),
  name: z.string().trim().min(1).max(200),
  description: z.string().max(2000).optional(),
  quantity: ZQuantity,
  unit_price_minor: ZUnitPrice,
  taxable: z.boolean().default(true),
});

export const ZCreateJobInput = z.object({
  customer_id: ZId,
  title: z.string().trim().min(1, { message: 'must not be blank' }).max(200),
  description: z.string().max(5000).optional(),
  job_type_id: ZId.optional(),
  property_id: ZId.optional().describe('A property of that same customer.'),
  priority: z.enum(jobPriorities).default('normal'),
  schedule: z
    .object({ start: ZDateTime, end: ZDateTime })
    .optional()
    .describe('The planned window; the first visit is booked for it. End after start, at most 14 days long, start not more than a day in the past nor more than two years ahead.'),
  assigned_team_member_ids: z.array(ZId).max(20).optional().describe('Active team members to assign (distinct).'),
  tax_rate_id: ZId.optional().describe('An active tax rate; default: the business\'s default rate, if any.'),
  line_items: z.array(z.union([ZPriceBookLine, ZCustomLine])).max(100).default([]),
});

export const ZCreateJobOutput = ZJob;
export type CreateJobInput = z.infer<typeof ZCreateJobInput>;
