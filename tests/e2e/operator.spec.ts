// The operator API over HTTP: a balance adjustment with the operator token reaches the shopper's balance once per key;
// no token, a wrong one, or a shopper's session token are refused.
import { test, expect } from './fixtures.ts';
import { freshShopper, okBody, refusal } from './accounts.ts';
import { bearer } from './orders.ts';
import { OPERATOR_TOKEN } from './operator.ts';

test.describe('operator API', () => {
  test('adjusts a balance once per key, and refuses anyone without the operator token', async ({ request }) => {
    const token = await freshShopper(request);
    const { uid, now_money } = (await okBody(await request.get('/api/user', { headers: bearer(token) }))).data;
    expect(Number(now_money)).toBe(0);
    const body = { number: '88.80', pm: 1, mark: '售后补偿', key: `spec-${uid}-${Date.now()}` };
    const first = await okBody(await request.post(`/api/operator/user/${uid}/balance`, { headers: bearer(OPERATOR_TOKEN), data: body }));
    expect(first.data).toMatchObject({ now_money: '88.80', duplicate: 0 });
    const again = await okBody(await request.post(`/api/operator/user/${uid}/balance`, { headers: bearer(OPERATOR_TOKEN), data: body }));
    expect(again.data).toMatchObject({ now_money: '88.80', duplicate: 1 });
    expect((await okBody(await request.get('/api/user', { headers: bearer(token) }))).data.now_money).toBe('88.80');

    await refusal(await request.post(`/api/operator/user/${uid}/balance`, { data: body }), 401);
    await refusal(await request.post(`/api/operator/user/${uid}/balance`, { headers: bearer('wrong-token'), data: body }), 401);
    await refusal(await request.post(`/api/operator/user/${uid}/balance`, { headers: bearer(token), data: body }), 401);
    await refusal(
      await request.post(`/api/operator/user/${uid}/balance`, { headers: bearer(OPERATOR_TOKEN), data: { ...body, number: 'x' } }),
    );
  });
});
