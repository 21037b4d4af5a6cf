import { z } from 'zod';
import { noNul } from '../../../services/sql/no-nul.ts';
import { ZCustomer, ZCustomerStatus } from '../../../domain/workspace/customer.schema.ts';

/** Optional text: trimmed; empty or null means "not given". */
const optionalText = (max: number) => z.string().trim().max(max).check(noNul()).nullable().optional();

// Digits and the usual separators only, with 7 to 15 digits (E.164 allows at most 15): a pattern, so the JSON Schema carries it.
const PHONE = /^[ +().\-/xX]*(?:[0-9][ +().\-/xX]*){7,15}$/;

export const ZCreateCustomerInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, { message: 'must not be blank' })
    .max(200)
    .check(noNul())
    .describe("The customer's name: the person, or the contact name of a company. 1 to 200 characters after trimming."),
  company_name: optionalText(200).describe('The company, when the customer is one.'),
  email: z
    .email({ message: 'expected an e-mail address' })
    .max(254)
    .nullable()
    .optional()
    .describe(
      'Stored as given; must not be used by another customer of the business, compared regardless of letter case (else CONFLICT).',
    ),
  phone: z
    .string()
    .trim()
    .max(50)
    .regex(PHONE, {
      message: 'expected a phone number: 7 to 15 digits, with only spaces, +, -, ., /, parentheses or x between them',
    })
    .nullable()
    .optional()
    .describe('Stored as given, e.g. "(512) 555-0100" or "+1 512 555 0100": 7 to 15 digits.'),
  address: z
    .object({
      line1: optionalText(200),
      line2: optionalText(200),
      city: optionalText(100),
      region: optionalText(100).describe('State, province or county.'),
      postal_code: optionalText(20),
      country: z
        .string()
        .regex(/^[A-Z]{2}$/, { message: 'expected an ISO 3166-1 alpha-2 code in uppercase, such as US' })
        .nullable()
        .optional()
        .describe('ISO 3166-1 alpha-2, uppercase (US, CA, GB...).'),
    })
    .nullable()
    .optional()
    .describe('Billing address; blank lines are stored as null. Service addresses are properties, created separately.'),
  tags: z
    .array(z.string().trim().min(1).max(50).check(noNul()))
    .max(20)
    .optional()
    .describe(
      'Up to 20 tag names of 1 to 50 characters. An existing tag of the business is reused whatever the letter case (list-tags); a new name creates the tag.',
    ),
  notes: optionalText(5000).describe('Internal notes about the customer, up to 5000 characters.'),
  status: ZCustomerStatus.default('active').describe('Default active.'),
});

export const ZCreateCustomerOutput = ZCustomer;
