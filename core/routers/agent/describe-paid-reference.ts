import { cachePublicly } from '../../response-meta.ts';
import { PAID_REFERENCE_TERMS_PATH, describePaidReferenceTerms } from '../../services/agent/paid-reference-terms.ts';
import { referenceContents } from '../../procedures/reference/contents.ts';
import { publicProcedure } from '../../trpc.ts';
import { ZDescribePaidReferenceInput, ZPaidReferenceTerms } from './describe-paid-reference.schema.ts';
import { explainPaidReferenceSkill } from './describe-paid-reference.skill.ts';

/** How long caches may keep the terms: short, so `available` follows a configuration change quickly. */
const TERMS_MAX_AGE_SECONDS = 60;

export const describePaidReference = publicProcedure
  .meta({
    openapi: {
      method: 'GET',
      operationId: 'agent-paidReferenceTerms',
      path: PAID_REFERENCE_TERMS_PATH,
      tags: ['Agent'],
      summary: 'Terms of the paid reference',
      description:
        'What the paid reference (GET /v1/agent/paid-reference) is and how to buy it: its absolute URL, the price ' +
        '(intent `charge`, amount `1`, currency `USD`, i.e. 1,000,000 atomic units of USDC), the protocol (x402 ' +
        'version 2: PAYMENT-REQUIRED on the 402, PAYMENT-SIGNATURE on the paid retry, PAYMENT-RESPONSE on the 200; ' +
        'payable with @x402/fetch or mppx), what a buyer gets, and whether it can be bought now (`available`, with ' +
        '`unavailable_reason` when not). Free, no credential. Cached publicly for 60 seconds.',
      successDescription: 'The terms of the paid reference.',
    },
    skill: explainPaidReferenceSkill,
  })
  .input(ZDescribePaidReferenceInput)
  .output(ZPaidReferenceTerms)
  .query(({ ctx }) => {
    cachePublicly(ctx, TERMS_MAX_AGE_SECONDS);
    const { payments } = ctx.services;
    // The contents are the generated reference's own table of contents when the app composed it.
    const reference = ctx.services.agentReference?.(ctx.urls);
    return describePaidReferenceTerms(
      ctx.urls,
      payments.configured ? payments.terms : undefined,
      reference && referenceContents(reference),
    );
  });
