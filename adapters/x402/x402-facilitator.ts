import {
  decodePaymentRequiredHeader,
  encodePaymentResponseHeader,
  type HTTPResponseInstructions,
} from '@x402/core/http';
import { SettleError, type Network, type PaymentPayload, type PaymentRequirements } from '@x402/core/types';
import { RouteConfigurationError, type x402HTTPResourceServer } from '@x402/core/server';
import type { PaymentConfig } from '../../core/payment-config.ts';
import type {
  FacilitatorTerms,
  OpenOutcome,
  PaidRequest,
  PaymentFacilitator,
  PaymentServer,
  SettleOutcome,
  StoredSettlement,
  VerifyOutcome,
} from '../../core/services/purchase/facilitator-port.ts';
import { storableText } from '../../core/services/sql/storable-text.ts';
import { faultOf, ResilientFacilitatorClient } from './facilitator-client.ts';
import { x402Request } from './http-request.ts';
import { UnpaidAnswers } from './unpaid-answer.ts';
import { PaidReferenceServer } from './resource-server.ts';
import { settle, settleOutcomeOf } from './settle.ts';

/** The `error` the library wrote into a 402's PAYMENT-REQUIRED (the facilitator's or its own reason). */
function paymentRequiredError(instructions: HTTPResponseInstructions): string | undefined {
  const header = instructions.headers['PAYMENT-REQUIRED'];
  if (header === undefined) return undefined;
  try {
    return decodePaymentRequiredHeader(header).error;
  } catch {
    return undefined;
  }
}

/** Verification through the library's resource server, its answer as the port's outcome. */
async function verify(
  http: x402HTTPResourceServer,
  unpaidAnswers: UnpaidAnswers,
  request: PaidRequest,
  header: string,
): Promise<VerifyOutcome> {
  let verified;
  try {
    verified = await http.processHTTPRequest(x402Request(request, header));
  } catch (error) {
    return { kind: 'failed', error, fault: faultOf(error) };
  }
  if (verified.type === 'payment-verified')
    return {
      kind: 'verified',
      settle: () => settle(http, verified, x402Request(request, header)),
      requirements: { ...verified.paymentRequirements },
    };
  if (verified.type !== 'payment-error')
    return {
      kind: 'refused',
      paymentRequired: await unpaidAnswers.header(http, request),
      reason: undefined,
    };
  const said = paymentRequiredError(verified.response);
  return {
    kind: 'refused',
    paymentRequired: verified.response.headers['PAYMENT-REQUIRED'],
    reason: said === undefined ? undefined : storableText(said, 500),
  };
}

function paymentServer(http: x402HTTPResourceServer, unpaidAnswers: UnpaidAnswers): PaymentServer {
  return {
    paymentRequired: (request) => unpaidAnswers.header(http, request),
    verify: (request, header) => verify(http, unpaidAnswers, request, header),
    receiptHeaders: (receipt) => ({
      'PAYMENT-RESPONSE': encodePaymentResponseHeader({
        success: true,
        transaction: receipt.transaction,
        network: receipt.network as Network,
        payer: receipt.payer,
      }),
    }),
  };
}

/** A stored settlement sent again through the facilitator client (with its retries), its answer as the port's outcome. */
async function resettle(client: ResilientFacilitatorClient, stored: StoredSettlement): Promise<SettleOutcome> {
  try {
    const result = await client.resettle(
      stored.payload as unknown as PaymentPayload,
      stored.requirements as unknown as PaymentRequirements,
    );
    return settleOutcomeOf(result);
  } catch (error) {
    // A 4xx with a settle answer in its body is the facilitator's word about the payment, not a fault.
    if (error instanceof SettleError && error.statusCode < 500) return settleOutcomeOf({ ...error, success: false });
    return { kind: 'failed', error, fault: faultOf(error, 'error') };
  }
}

/**
 * The facilitator port (core/services/purchase/facilitator-port.ts) over @x402/core's resource
 * server: its verify and settle hooks, the facilitator client that makes an outage explicit and
 * bounded (facilitator-client.ts), and the library's errors turned into the port's outcomes.
 */
export function x402Facilitator(facilitator: NonNullable<PaymentConfig['facilitator']>): PaymentFacilitator {
  const server = new PaidReferenceServer(facilitator);
  const client = new ResilientFacilitatorClient(facilitator);
  const unpaidAnswers = new UnpaidAnswers();
  return {
    resettle: (stored) => resettle(client, stored),
    async open(terms: FacilitatorTerms): Promise<OpenOutcome> {
      try {
        return { kind: 'open', server: paymentServer(await server.get(terms), unpaidAnswers) };
      } catch (error) {
        return {
          kind: 'failed',
          error,
          fault: faultOf(error),
          unsupported:
            error instanceof RouteConfigurationError || /no supported payment kinds/.test((error as Error).message),
          retryAfterSeconds: server.retryAfterSeconds(),
        };
      }
    },
  };
}
