import type { SkillMeta } from '../../procedures/meta.ts';
import type { PaidReferenceTerms } from './describe-paid-reference.schema.ts';

/** agent.describePaidReference as the A2A skill explain-paid-reference. */
export const explainPaidReferenceSkill: SkillMeta = {
  id: 'explain-paid-reference',
  name: 'Explain the paid reference',
  description:
    'Explains the paid reference and how to buy it: its absolute URL, the price (intent charge, amount 1, currency ' +
    'USD: 1,000,000 atomic units of USDC per request), the protocol (x402 version 2: the 402 answer carries ' +
    'PAYMENT-REQUIRED, the paid retry sends PAYMENT-SIGNATURE, the 200 carries the PAYMENT-RESPONSE receipt; payable ' +
    'with x402 clients such as @x402/fetch and MPP clients such as mppx), what a buyer gets, and whether it can be ' +
    'bought now (`available`, with the reason when not). Takes no arguments. Answers exactly what GET ' +
    '/api/v1/agent/paid-reference/terms does.',
  tags: ['paid-reference', 'payments', 'x402', 'pricing'],
  examples: [
    'How do I buy the paid reference?',
    'How much does the paid reference cost?',
    'Can I pay with x402?',
    '¿Cuánto cuesta la referencia de pago?',
  ],
  summarize: (output: PaidReferenceTerms) =>
    `The paid reference (${output.resource.url}) costs ${output.price.amount} ${output.price.currency} per request ` +
    `(${output.price.atomic_amount} atomic units of ${output.price.asset}), paid with ${output.protocol.name} ` +
    `version ${output.protocol.version}: GET it, answer the 402's PAYMENT-REQUIRED with a PAYMENT-SIGNATURE retry ` +
    `(e.g. @x402/fetch or mppx). ` +
    (output.available ? 'It can be bought now.' : `It cannot be bought yet: ${output.unavailable_reason}`),
};
