import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { closeGracefully } from '../../adapters/http/graceful-close.ts';
import { loadConfig, withListeningPort, type Config } from '../../core/config.ts';
import { AppError } from '../../core/errors/index.ts';
import { createLogger } from '../../core/logger.ts';
import { listProcedures } from '../../core/procedures/introspection.ts';
import { appRouter, type AppRouter } from '../../core/routers/_app.ts';
import { mergeRouters, publicProcedure, router } from '../../core/trpc.ts';
import { composeApp } from '../../scripts/compose/compose-app.ts';
import { LogSink } from '../helpers/log-sink.ts';
import { service } from '../helpers/root-hooks.ts';

/** Base Sepolia and its USDC (the default asset): @x402/fetch's spend controls know it. */
export const NETWORK = 'eip155:84532';
export const USDC = '0x036CbD53842c5426634e7929541eC2318f3dCF7e';
export const PAY_TO = '0x2222222222222222222222222222222222222222';

/** The content the stub answers until agent.getAgentReference arrives with its own issue part. */
export const STUB_REFERENCE = {
  resource: 'field-service-api/agent-reference',
  content: '# Agent reference (test stub)',
};

/** Checkout sessions of the UCP stub: what ucp.assertPayable and ucp.markPaid see. */
export const checkoutSessions = new Map<string, { state: 'open' | 'completed' | 'expired'; paymentId?: string }>();

const stubs = {
  'agent.getAgentReference': publicProcedure
    .output(z.object({ resource: z.string(), content: z.string() }))
    .query(() => STUB_REFERENCE),
  'ucp.assertPayable': publicProcedure
    .input(z.object({ session_id: z.uuid() }))
    .output(
      z.object({ session_id: z.string(), amount_minor: z.number(), currency: z.string(), expires_at: z.string() }),
    )
    .query(({ input }) => {
      const session = checkoutSessions.get(input.session_id);
      if (!session) throw new AppError('RESOURCE_NOT_FOUND', `No checkout session ${input.session_id}.`);
      if (session.state === 'expired') throw new AppError('CHECKOUT_SESSION_EXPIRED', 'The checkout session expired.');
      if (session.state === 'completed') throw new AppError('CHECKOUT_SESSION_COMPLETED', 'Already paid.');
      return {
        session_id: input.session_id,
        amount_minor: 100,
        currency: 'USD',
        expires_at: new Date(Date.now() + 60_000).toISOString(),
      };
    }),
  'ucp.markPaid': publicProcedure
    .input(z.object({ session_id: z.uuid(), payment_id: z.uuid() }))
    .output(z.object({}))
    .mutation(({ input }) => {
      checkoutSessions.set(input.session_id, { state: 'completed', paymentId: input.payment_id });
      return {};
    }),
};

/**
 * appRouter plus stubs of the procedures other parts of the issue bring (the reference's content,
 * the UCP checkout), each only while appRouter lacks it: once they are merged, the real ones run.
 */
function paidTestRouter(): AppRouter {
  const present = new Set(listProcedures(appRouter).map((entry) => entry.path));
  const missing = Object.fromEntries(Object.entries(stubs).filter(([path]) => !present.has(path)));
  return mergeRouters(
    appRouter,
    router(missing as Record<string, (typeof stubs)['ucp.markPaid']>),
  ) as unknown as AppRouter;
}

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
 * (validated by loadConfig as at start) and the test router, on its own loopback socket.
 */
export async function startPaidApp(variables: Record<string, string>): Promise<PaidApp> {
  const shared = service();
  const logs = new LogSink();
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { payments } = loadConfig({ ...variables, DATA_DIR: shared.config.database.dataDir });
  const config = withListeningPort(
    { ...shared.config, siteUrlConfigured: false, payments },
    (server.address() as AddressInfo).port,
  );
  const app = composeApp({
    config,
    database: shared.database,
    log: createLogger('debug', logs),
    router: paidTestRouter(),
  });
  server.on('request', app.callback());
  return {
    url: config.siteUrl,
    baseUrl: config.baseUrl,
    endpoint: `${config.baseUrl}/v1/agent/paid-reference`,
    config,
    logs,
    close: () => closeGracefully(server, 1000),
  };
}
