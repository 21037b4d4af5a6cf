import { startLocalFacilitator, type LocalFacilitator } from '../../scripts/dev/local-facilitator.ts';
import { loadConfig, type Config } from '../../core/config.ts';
import { createLogger } from '../../core/logger.ts';
import { systemCaller } from '../../scripts/lib/system-caller.ts';
import type { LogSink } from '../helpers/log-sink.ts';
import { service } from '../helpers/root-hooks.ts';
import { startAdjustedApp } from '../helpers/test-service.ts';

/** Base Sepolia and its USDC (the default asset): @x402/fetch's spend controls know it. */
export const NETWORK = 'eip155:84532';
export const USDC = '0x036CbD53842c5426634e7929541eC2318f3dCF7e';
export const PAY_TO = '0x2222222222222222222222222222222222222222';

export interface PaidApp {
  url: string;
  baseUrl: string;
  /** {base_url}/v1/agent/paid-reference */
  endpoint: string;
  config: Config;
  logs: LogSink;
  close(): Promise<void>;
}

/** The payment variables of a paid app whose facilitator is at `facilitatorUrl`. */
export function paymentVariables(facilitatorUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  return { PAYMENT_PAY_TO: PAY_TO, PAYMENT_NETWORK: NETWORK, PAYMENT_FACILITATOR_URL: facilitatorUrl, ...extra };
}

/**
 * The real app over the shared service's database with payments configured from `variables`
 * (validated by loadConfig as at start) on its own loopback socket.
 */
export async function startPaidApp(
  variables: Record<string, string>,
  adjust: (config: Config) => Config = (config) => config,
): Promise<PaidApp> {
  const shared = service();
  const { payments } = loadConfig({ ...variables, DATA_DIR: shared.config.database.dataDir });
  const app = await startAdjustedApp(shared, (config) => adjust({ ...config, payments }), 'debug');
  const { config } = app;
  return {
    url: config.siteUrl,
    baseUrl: config.baseUrl,
    endpoint: `${config.baseUrl}/v1/agent/paid-reference`,
    config,
    logs: app.logs,
    close: app.close,
  };
}

/** The payments the receipts list (protocols.x402.listReceipts, as the admin command reads it) shows for one nonce. */
export async function paymentsOf(nonce: string) {
  const running = service();
  const caller = systemCaller({
    orm: running.database.orm,
    services: running.services,
    config: running.config,
    log: createLogger('silent'),
  });
  const { items } = await caller.protocols.x402.listReceipts({ limit: 1000 });
  return items.filter((item) => item.nonce === nonce.toLowerCase());
}

/**
 * A paid app and its local facilitator for one describe block: started before its tests, closed
 * after them. Read `paid.app` and `paid.facilitator` inside the tests (they exist from `before` on).
 */
export function paidAppSuite(): { readonly app: PaidApp; readonly facilitator: LocalFacilitator } {
  let facilitator: LocalFacilitator | undefined;
  let app: PaidApp | undefined;
  before(async () => {
    facilitator = await startLocalFacilitator(NETWORK);
    app = await startPaidApp(paymentVariables(facilitator.url));
  });
  after(async () => {
    await app?.close();
    await facilitator?.close();
  });
  return {
    get app() {
      return app!;
    },
    get facilitator() {
      return facilitator!;
    },
  };
}
