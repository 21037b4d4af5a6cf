import { x402HTTPResourceServer, x402ResourceServer, type RouteConfig } from '@x402/core/server';
import type { Network } from '@x402/core/types';
import { ExactEvmScheme } from '@x402/evm/exact/server';
import type { PaymentConfig } from '../../core/payment-config.ts';
import type { FacilitatorTerms } from '../../core/services/purchase/facilitator-port.ts';
import { registerRouteExtensions, routeExtensions } from './extensions/index.ts';
import { paymentIdentifierDeclaration } from './extensions/payment-identifier.ts';
import { ResilientFacilitatorClient } from './facilitator-client.ts';

/** After a failed start (the facilitator's /supported), requests within this time get the same failure without a call. */
const RETRY_START_AFTER_MS = 5000;

/**
 * The x402 resource server of the paid reference, started on first use: its start asks the
 * facilitator which kinds it supports (GET /supported), and a facilitator that is down must not
 * stop the service from starting. One start at a time; a failed start is remembered for
 * RETRY_START_AFTER_MS, so an outage costs the facilitator one call per few seconds, not one per
 * request. Rebuilt if the terms change (they come from the configuration, so they do not while running).
 */
export class PaidReferenceServer {
  readonly #facilitator: ResilientFacilitatorClient;
  #key = '';
  #starting: Promise<x402HTTPResourceServer> | undefined;
  #failure: { error: unknown; at: number } | undefined;

  constructor(facilitator: NonNullable<PaymentConfig['facilitator']>) {
    this.#facilitator = new ResilientFacilitatorClient(facilitator);
  }

  /** The started server for these terms; rejects with the start's failure (and `retryAfterSeconds` on it). */
  async get(terms: FacilitatorTerms): Promise<x402HTTPResourceServer> {
    // Only what #start reads: terms that differ in their links alone (a loopback alias in development) share the server.
    const key = JSON.stringify([terms.accepts, terms.resource, terms.paymentIdentifier]);
    if (key !== this.#key) {
      this.#key = key;
      this.#starting = undefined;
      this.#failure = undefined;
    }
    if (this.#failure && performance.now() - this.#failure.at < RETRY_START_AFTER_MS) throw this.#failure.error;
    this.#starting ??= this.#start(terms).catch((error: unknown) => {
      this.#starting = undefined;
      this.#failure = { error, at: performance.now() };
      throw error;
    });
    return this.#starting;
  }

  /** Seconds until a failed start is tried again. */
  retryAfterSeconds(): number {
    if (!this.#failure) return 1;
    return Math.max(1, Math.ceil((RETRY_START_AFTER_MS - (performance.now() - this.#failure.at)) / 1000));
  }

  async #start(terms: FacilitatorTerms): Promise<x402HTTPResourceServer> {
    const network = terms.accepts.network as Network;
    const resourceServer = registerRouteExtensions(
      new x402ResourceServer(this.#facilitator).register(network, new ExactEvmScheme()),
    );
    const { amount, asset, extra, ...option } = terms.accepts;
    const route: RouteConfig = {
      // The seven v2 fields and no others: price as an AssetAmount keeps amount, asset and extra exactly as given.
      accepts: { ...option, network, price: { amount, asset, extra } },
      description: terms.resource.description,
      mimeType: terms.resource.mimeType,
      extensions: { ...routeExtensions(network), ...paymentIdentifierDeclaration(terms.paymentIdentifier.required) },
    };
    const server = new x402HTTPResourceServer(resourceServer, route);
    await server.initialize();
    return server;
  }
}
