import { z } from 'zod';
import { customerStatuses, ZCustomer } from './customer.schema.ts';

const optionalText = (max: number) => z.string().trim().min(1).max(max).optional();

export const ZCreateCustomerInput = z.object({
  name: z.string().trim().min(1, { message: 'must not be blank' }).max(200).describe('The customer\'s name (a person or the contact name of a company).'),
  company_name: optionalText(200),
  email: z.email({ message: 'expected an e-mail address' }).max(254).optional().describe('Unique inside the business, regardless of letter case.'),
  phone: z
    .string()
    .trim()
    .max(50)
    .refine((value) => {
      const digits = value.replace(/\D/g, '').length;
      return digits >= 7 && digits <= 15 && /^[0-9+().\-\s/x]+$/i.test(value);
    }, { message: 'expected a phone number with 7 to 15 digits' })
    .optional(),
  address: z
    .object({
      line1: optionalText(200),
      line2: optionalText(200),
      city: optionalText(100),
      region: optionalText(100),
      postal_code: optionalText(20),
      country: z.string().regex(/^[A-Z]{2}$/, { message: 'expected an ISO 3166-1 alpha-2 code such as US' }).optional(),
    })
    .optional()
    .describe('Billing address.'),
  tags: z
    .array(z.string().trim().min(1).max(50))
    .max(20)
    .optional()
    .describe('Tag names; existing tags are reused (any letter case), new ones are created.'),
  notes: z.string().max(5000).optional(),
  status: z.enum(customerStatuses).default('active'),
});

export const ZCreateCustomerOutput = ZCustomer;
