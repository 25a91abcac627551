// Paying over HTTP through the sandbox gateway: the QR ticket confirmed as a phone would, the gateway's signed
// notification (sent twice, as real gateways may) reaching the shop's notify endpoint; forged notifications refused.
import { test, expect } from './fixtures.ts';
import { freshShopper, okBody, refusal } from './accounts.ts';
import { bearer, paidOrder } from './orders.ts';

test.describe('payment API', () => {
  test('a sandbox payment confirmed on the phone pays the order once, and paying it again is refused', async ({ request }) => {
    const token = await freshShopper(request);
    const { groupOrderId } = await paidOrder(request, token, [1, 2]);
    const detail = (await okBody(await request.get(`/api/order/group_order_detail/${groupOrderId}`, { headers: bearer(token) }))).data;
    expect(detail).toMatchObject({ paid: 1, pay_type: 6 });
    await refusal(await request.post(`/api/order/pay/${groupOrderId}`, { headers: bearer(token), data: { type: 'weixinQr' } }));
    await refusal(await request.post(`/api/order/pay/${groupOrderId}`, { headers: bearer(token), data: { type: 'balance' } }));
    const other = await freshShopper(request);
    await refusal(await request.get(`/api/order/status/${groupOrderId}`, { headers: bearer(other) }), 404);
  });

  test('a forged notification is refused with 400 and the gateway of an unknown provider is 404', async ({ request }) => {
    const forged = await request.post('/api/notify/sandbox', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      data: 'out_trade_no=pay1&total_amount=0.01&trade_status=TRADE_SUCCESS&sign=abc',
    });
    expect(forged.status()).toBe(400);
    expect(await forged.text()).toBe('fail');
    expect((await request.post('/api/notify/nope', { data: 'x=1' })).status()).toBe(404);
    await refusal(await request.post('/api/sandbox/pay', { data: { t: 'abc.def', action: 'confirm' } }));
  });
});
