/**
 * Realistic `data` for the seller events and the test event (the OpenAPI example and what
 * `npm run admin -- trigger` sends), each valid against its schema (test/webhooks/field-work-events.test.ts
 * checks every catalogue example).
 */

const paymentId = '7d3e9a1c-2b4f-4e6a-8c0d-1f2a3b4c5d6e';
const sessionId = '0b9c8d7e-6f5a-4b3c-9d2e-1f0a9b8c7d6e';
const payer = '0x8f3Cf7ad23Cd3CaDbD9735AFf958023239c6A063';
const payTo = '0x2A8e1B5f0c9d4E7a6B3c2D1e0F9a8B7c6D5e4F3a';
const usdc = '0x036CbD53842c5426634e7929541eC2318f3dCF7e';
const transaction = '0x5c1f0e9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b2a19';
const resource = 'https://api.example.com/api/v1/agent/paid-reference';

const receipt = {
  id: paymentId,
  network: 'eip155:84532',
  payer,
  pay_to: payTo,
  asset: usdc,
  amount: '1000000',
  nonce: '0x3a9f1c7e5b2d8a6f4c0e9b1d7a3f5c8e2b6d0a4f9c1e7b3d5a8f2c6e0b4d9a1f',
  resource,
  checkout_session_id: sessionId,
  created_at: '2026-11-28T18:04:11.000Z',
  payment_identifier: 'pay_3f9a1c7e5b2d8a6f',
  settle_attempts: 0,
  next_attempt_at: null,
  last_error: null,
};

const handler = {
  id: 'x402-base-sepolia',
  version: '2026-08-25',
  spec: 'https://api.example.com/api/v1/agent/paid-reference/terms',
  schema: 'https://api.example.com/api/v1/agent/ucp/payment-handlers/x402',
  config: {
    x402_version: 2,
    scheme: 'exact',
    network: 'eip155:84532',
    asset: usdc,
    asset_name: 'USDC',
    asset_version: '2',
    asset_decimals: 6,
    pay_to: payTo,
    amount: '1000000',
    max_timeout_seconds: 300,
    price: { amount: 100, currency: 'USD' },
    resource,
    terms: 'https://api.example.com/api/v1/agent/paid-reference/terms',
  },
} as const;

const totals = [
  { type: 'subtotal', amount: 100 },
  { type: 'total', amount: 100 },
];

export const sellerEventExamples = {
  'payment.settled': {
    ...receipt,
    state: 'settled',
    transaction,
    failure: null,
    settled_at: '2026-11-28T18:04:13.000Z',
  },
  'payment.failed': {
    ...receipt,
    state: 'failed',
    transaction,
    failure: 'The facilitator refused the settlement: insufficient_funds.',
    settled_at: null,
  },
  'checkout.completed': {
    ucp: {
      version: '2026-08-25',
      capabilities: { 'dev.ucp.shopping.checkout': [{ version: '2026-08-25' }] },
      payment_handlers: { 'com.example.api.x402': [handler] },
    },
    id: sessionId,
    status: 'completed',
    currency: 'USD',
    line_items: [
      {
        id: 'line-1',
        item: { id: 'agent-reference', title: 'Field-service agent reference', price: 100 },
        quantity: 1,
        totals,
      },
    ],
    totals,
    links: [
      {
        type: 'terms_of_service',
        url: 'https://api.example.com/api/v1/agent/paid-reference/terms',
        title: 'Terms of the paid reference',
      },
    ],
    messages: [],
    expires_at: '2026-11-28T18:33:52.000Z',
    payment: {
      handlers: [{ ...handler, name: 'com.example.api.x402' }],
      handoff: {
        url: `${resource}?checkout_session=${sessionId}`,
        method: 'GET',
        protocol: 'x402',
        handler_id: handler.id,
        available: false,
        description: 'Pay the paid reference with x402 (1 USD in USDC); the session completes when it settles.',
      },
      receipt: { payment_id: paymentId, transaction, payer, completed_at: '2026-11-28T18:04:13.000Z' },
    },
    order: { id: sessionId, permalink_url: `https://api.example.com/api/v1/agent/ucp/checkout/${sessionId}` },
  },
  'webhook.test': {
    message: 'This is a test delivery from the field-service API.',
    endpoint_id: '4f1c8e2a-6b3d-4c5e-9f70-8a1b2c3d4e5f',
    sent_at: '2026-11-28T18:10:00.000Z',
  },
};
