import { z } from 'zod';
import { noNul } from '../../services/sql/no-nul.ts';
import { ZDateTime, ZId } from './cursor-page.schema.ts';
import { jobPriorities } from './job.schema.ts';

const ZQuantity = z
  .number()
  .positive()
  .max(1_000_000)
  .multipleOf(0.001)
  .describe('How many units (hours, pieces, feet...): more than 0, at most 1,000,000, at most three decimals.');
const ZUnitPrice = z.number().int().min(0).max(10_000_000_000);

const ZPriceBookLine = z
  .object({
    price_book_item_id: ZId.describe(
      'An active service or material of the price book (search-price-book, list-services, list-materials); the line copies its name, kind, description, taxability and price.',
    ),
    quantity: ZQuantity,
    unit_price_minor: ZUnitPrice.optional().describe(
      "Overrides the price-book item's unit price, in minor units (0 to 10^10).",
    ),
  })
  .describe('A line priced from the price book.');

const ZCustomLine = z
  .object({
    kind: z.literal('custom').describe('Marks a line not taken from the price book.'),
    name: z.string().trim().min(1, { message: 'must not be blank' }).max(200).check(noNul()),
    description: z.string().max(2000).check(noNul()).optional(),
    quantity: ZQuantity,
    unit_price_minor: ZUnitPrice.describe('Unit price in minor units (0 to 10^10).'),
    taxable: z.boolean().default(true).describe("Whether the job's tax rate applies to this line (default true)."),
  })
  .describe('A custom line with its own name and price.');

export const ZCreateJobInput = z.object({
  customer_id: ZId.describe('The customer the job is for (search-customers, create-customer).'),
  title: z
    .string()
    .trim()
    .min(1, { message: 'must not be blank' })
    .max(200)
    .check(noNul())
    .describe('Short title of the work, e.g. "Replace AC filter" (surrounding spaces are removed).'),
  description: z.string().max(5000).check(noNul()).optional().describe('Details of the work for the technicians.'),
  job_type_id: ZId.optional().describe('A job type of the business (list-job-types).'),
  property_id: ZId.optional().describe(
    'The service address: a property of that same customer (get-customer, list-properties).',
  ),
  priority: z.enum(jobPriorities).default('normal').describe('How urgent the work is (default normal).'),
  schedule: z
    .object({
      start: ZDateTime.describe('Start of the window, an instant with offset.'),
      end: ZDateTime.describe('End of the window: after start, at most 14 days later.'),
    })
    .optional()
    .describe(
      'The planned window (find-available-slots suggests one). The job becomes scheduled and its first visit is booked for this window with the assigned team members. ' +
        'Start at most one day in the past and at most two years ahead. Without it the job is unscheduled.',
    ),
  assigned_team_member_ids: z
    .array(ZId)
    .max(20)
    .optional()
    .describe('Up to 20 distinct active team members responsible for the job (list-team-members).'),
  tax_rate_id: ZId.optional().describe(
    "An active tax rate of the business (list-tax-rates); default: the business's default rate, or no tax when it has none.",
  ),
  line_items: z
    .array(z.union([ZPriceBookLine, ZCustomLine]))
    .max(100)
    .default([])
    .describe(
      'Up to 100 priced lines, in order: either { price_book_item_id, quantity, unit_price_minor? } or { kind: "custom", name, description?, quantity, unit_price_minor, taxable? }.',
    ),
});

export type CreateJobInput = z.infer<typeof ZCreateJobInput>;
