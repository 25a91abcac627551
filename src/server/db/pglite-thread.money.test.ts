// The money and stock suites (checkout, payment, wallet, refunds) on PGlite in its own thread, the way the server
// runs it (pglite-thread.ts): one database shared by the suites' tests, as on the PostgreSQL test server, so their
// parallel orders, payments and refunds meet in one thread's queue.
import { afterAll, describe } from 'vitest';
import { createThreadTestDatabase } from '../../../tests/helpers/test-db.ts';
import type { Database } from './client.ts';
import { orderSuite } from '../services/order/order-suite.ts';
import { paymentSuite } from '../services/payment/payment-suite.ts';
import { walletSuite } from '../services/wallet/wallet-suite.ts';
import { refundMoneySuite } from '../services/refund/refund-money-suite.ts';

let shared: Promise<Database> | undefined;
const open = () => (shared ??= createThreadTestDatabase());
afterAll(async () => {
  await (await shared)?.close();
});

// Each in its own describe, so each suite's setup (its payment sandbox) holds for its own tests.
describe('checkout', () => orderSuite(open));
describe('payment', () => paymentSuite(open));
describe('wallet', () => walletSuite(open));
describe('refunds', () => refundMoneySuite(open));
