// The operator API in browser and API specs: the test server runs with this OPERATOR_TOKEN (playwright.config.ts), and
// a spec gives a fresh shopper balance the way an operator would (a ledger row, an idempotency key).
import type { APIRequestContext } from '@playwright/test';
import { okBody } from './accounts.ts';
import { bearer } from './orders.ts';

export const OPERATOR_TOKEN = 'e2e-operator-token-not-for-production';

let seq = 0;

/** Adds `yuan` to the balance of the shopper signed in with `token`; returns their uid. */
export async function fundShopper(api: APIRequestContext, token: string, yuan: number): Promise<number> {
  const { uid } = (await okBody(await api.get('/api/user', { headers: bearer(token) }))).data;
  await okBody(
    await api.post(`/api/operator/user/${uid}/balance`, {
      headers: bearer(OPERATOR_TOKEN),
      data: { number: yuan, pm: 1, mark: '测试充值', key: `e2e-${uid}-${Date.now()}-${++seq}` },
    }),
  );
  return uid;
}
