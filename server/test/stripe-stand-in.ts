import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for Stripe's REST API, enough for the calls our provider
// makes; the official `stripe` SDK is pointed at it (host/port/protocol).
// Tests read what was sent and can make a route fail.

export interface StripeRequest {
  method: string;
  path: string;
  /** The form body as Stripe's SDK encodes it: `line_items[0][price]` keys. */
  form: Record<string, string>;
  authorization: string;
}

export interface StripeStandIn {
  url: string;
  requests: StripeRequest[];
  /** Answers a route ('POST /v1/checkout/sessions') with a Stripe error instead. */
  failures: Map<string, { status: number; type: string; message: string; code?: string }>;
  /** The subscription `GET /v1/subscriptions/:id` returns. */
  subscription: Record<string, unknown>;
  close(): Promise<void>;
}

export const CHECKOUT_URL = 'https://checkout.stripe.test/c/pay/cs_test_1';

export function stripeSubscription(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const start = Math.floor(new Date('2026-03-10T18:00:00Z').getTime() / 1000);
  const trialEnd = start + 7 * 24 * 3600;
  return {
    id: 'sub_test_1',
    object: 'subscription',
    customer: 'cus_test_1',
    status: 'trialing',
    cancel_at_period_end: false,
    trial_end: trialEnd,
    default_payment_method: {
      id: 'pm_test_1',
      object: 'payment_method',
      card: { brand: 'visa', last4: '4242' },
    },
    items: { object: 'list', data: [{ id: 'si_1', current_period_end: trialEnd }] },
    ...overrides,
  };
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const state: StripeStandIn = {
    url: '',
    requests: [],
    failures: new Map(),
    subscription: stripeSubscription(),
    close: async () => undefined,
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const form = Object.fromEntries(new URLSearchParams(req.method === 'GET' ? url.search : raw));
      const method = req.method ?? 'GET';
      state.requests.push({
        method,
        path: url.pathname,
        form,
        authorization: req.headers.authorization ?? '',
      });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': 'req_test' });
        res.end(JSON.stringify(body));
      };
      const route = `${method} ${url.pathname.replace(/\/(cus|sub)_[\w]+$/, '/:id')}`;
      const failure = state.failures.get(route);
      if (failure) {
        send(failure.status, { error: { type: failure.type, message: failure.message, code: failure.code } });
        return;
      }
      switch (route) {
        case 'POST /v1/customers':
          send(200, { id: 'cus_test_1', object: 'customer', email: form.email ?? null });
          return;
        case 'DELETE /v1/customers/:id':
          send(200, { id: url.pathname.split('/').pop(), object: 'customer', deleted: true });
          return;
        case 'POST /v1/checkout/sessions':
          send(200, { id: 'cs_test_1', object: 'checkout.session', url: CHECKOUT_URL });
          return;
        case 'GET /v1/subscriptions/:id':
          send(200, state.subscription);
          return;
        case 'POST /v1/subscriptions/:id':
          state.subscription = {
            ...state.subscription,
            cancel_at_period_end: form.cancel_at_period_end === 'true',
          };
          send(200, state.subscription);
          return;
        default:
          send(404, { error: { type: 'invalid_request_error', message: `No such route ${route}` } });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}
