// The demo mall's deposit presale in its balance window, as its demo member sees it: the presale's page and 预售订单
// show the booking with its deposit paid, 立即付款 pays the balance by balance, and the order goes on to 待发货.
// Paying changes the member's orders, so this runs the built server on a freshly seeded database of its own. So does
// a balance paid by QR code after its window closed: the order says the money is on its way back, then that it is back.
import { and, eq } from 'drizzle-orm';
import { test, expect, sessionCookies } from './fixtures.ts';
import { okBody, SESSION_COOKIE } from './accounts.ts';
import { bearer, placeOrder } from './orders.ts';
import { OPERATOR_TOKEN } from './operator.ts';
import { withOwnMall } from './spawn-server.ts';
import { createSession, findSessionUser } from '../../src/server/services/session/sessions.ts';
import { HISTORY_UID } from '../../src/server/db/seed/history.ts';
import { BALANCE_PRESELL_ID } from '../../src/server/db/seed/catalogue-promotions.ts';
import { job, presell, presellOrder, product, shippingTemplate, shippingTemplateRegion } from '../../src/server/db/schema/index.ts';
import { payOrder } from '../../src/server/services/payment/pay-order.ts';
import { closePresell } from '../../src/server/services/payment/close-presell.ts';

const SHOTS = '/tmp/shots-presale';

test.describe("the demo member's presale balance", () => {
  test.describe.configure({ timeout: 120_000 });

  test('waits under 预售订单 in its window and is paid from 立即付款; the order then waits to ship', async ({ browser }) => {
    await withOwnMall(
      'presale',
      async (db) => (await createSession(db, HISTORY_UID)).token,
      async (baseURL, token) => {
        const context = await browser.newContext({ baseURL });
        await context.addCookies(sessionCookies(token, baseURL));
        const page = await context.newPage();

        // The presale itself: its deposit phase is over and the balance step is the current one.
        await page.goto(`/goods_presell_detail/${BALANCE_PRESELL_ID}`);
        await expect(page.getByRole('list', { name: '预售流程' }).locator('[aria-current="step"]')).toContainText('付尾款');
        // The page is the one visitors get; the member's booking shows on its balance step, with the way to pay.
        const mine = page.locator('[data-presell-mine]');
        const pay = mine.getByRole('link', { name: '已付定金，去支付 ›' });
        await expect(pay).toBeVisible();
        await expect(mine.getByRole('link', { name: '已付定金 ›' })).toBeHidden();
        const payHref = await pay.getAttribute('href');

        await page.goto('/user/presell_order');
        const card = page.locator('article[data-presell-state="1"]');
        await expect(card).toHaveCount(1);
        await expect(card.locator('[data-state-text]')).toHaveText('待付尾款');
        await expect(card).toContainText('已付定金 ¥');
        const balance = (await card.locator('[data-balance]').innerText()).trim();
        expect(balance).toMatch(/^¥\d+\.\d{2}$/);
        const orderId = await card.getAttribute('data-order-id');
        expect(payHref).toBe(`/payment?result=${orderId}&type=2`);

        await card.getByRole('link', { name: '立即付款' }).click();
        await expect(page).toHaveURL(new RegExp(`/payment\\?result=${orderId}&type=2$`));
        await expect(page.locator('[data-pay-price]')).toContainText(balance.slice(1));
        // A window of weeks counts down in days, not hundreds of hours.
        await expect(page.getByRole('timer')).toHaveText(/^\d+天 \d\d:\d\d:\d\d$/);
        await page.getByRole('radio', { name: /余额支付/ }).check();
        await page.getByRole('button', { name: '立即支付' }).click();
        await expect(page).toHaveURL(/\/payment_success\?/);
        await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible();
        await expect(page.locator('[data-paid]')).toContainText(balance.slice(1));

        // Paid in full: the booking says so and offers no payment; the order waits to ship.
        await page.goto('/user/presell_order');
        const paid = page.locator(`article[data-order-id="${orderId}"]`);
        await expect(paid).toHaveAttribute('data-presell-state', 'paid');
        await expect(paid).toContainText(`已付尾款 ${balance}`);
        await expect(paid.getByRole('link', { name: '立即付款' })).toHaveCount(0);
        // The presale's page no longer asks for it.
        const marks = page.waitForResponse((r) => r.url().includes('/api/user/marks'));
        await page.goto(`/goods_presell_detail/${BALANCE_PRESELL_ID}`);
        expect((await (await marks).json()).data.presell).toEqual({});
        await expect(page.locator('[data-presell-mine]')).toBeHidden();
        await page.goto('/user/order_list?type=1&status=0');
        await expect(page.locator(`article[data-order-id="${orderId}"]`)).toBeVisible();
        await context.close();
      },
    );
  });

  test('paid by QR code after its window closed: the order says the money goes back, and then that it went back', async ({ browser }) => {
    await withOwnMall(
      'presale-late',
      async (db) => {
        const { token } = await createSession(db, HISTORY_UID);
        const me = { db, user: (await findSessionUser(db, token))! };
        const [po] = await db
          .select()
          .from(presellOrder)
          .where(and(eq(presellOrder.uid, HISTORY_UID), eq(presellOrder.paid, 0), eq(presellOrder.status, 1)));
        // The member opens a WeChat code for the balance; the window closes before they pay it.
        const qr = await payOrder(me, { id: po!.orderId, subject: 'presell', type: 'weixinQr' });
        if (qr.status !== 'weixinQr') throw new Error('expected a QR answer');
        const [close] = await db
          .select()
          .from(job)
          .where(and(eq(job.kind, 'presell.close'), eq(job.key, String(po!.orderId))));
        await closePresell.run({ orderId: po!.orderId }, { db, job: close!, now: new Date(po!.finalEndTime.getTime() + 1000) });
        return {
          token,
          orderId: po!.orderId,
          balance: (po!.payPrice / 100).toFixed(2),
          t: new URL(qr.result.config).searchParams.get('t')!,
        };
      },
      async (baseURL, { token, orderId, balance, t }) => {
        const context = await browser.newContext({ baseURL });
        await context.addCookies(sessionCookies(token, baseURL));
        const api = context.request;
        // The phone confirms the code all the same: the gateway takes the money, which the closed order cannot use.
        await okBody(await api.post('/api/sandbox/pay', { data: { t, action: 'confirm' } }));
        const detail = async () => (await okBody(await api.get(`/api/order/detail/${orderId}`, { headers: bearer(token) }))).data;
        expect(await detail()).toMatchObject({
          status: 11,
          returned_payments: [{ pay_type: 6, amount: balance, status: 'refund_due', refunded_time: null }],
        });
        const page = await context.newPage();
        await page.goto(`/order_detail?orderId=${orderId}`);
        await expect(page.locator('[data-order-status="11"]')).toContainText('尾款未在支付时间内支付，订单已关闭');
        await expect(page.locator('[data-returned-payment="refund_due"]')).toHaveText(
          `尾款 微信支付 ¥${balance} 未用于本订单，正在原路退回`,
        );

        // Support gives it back (the payment.refund job would, by itself, on a server running jobs).
        const kept = (await okBody(await api.get('/api/operator/money', { headers: bearer(OPERATOR_TOKEN) }))).data.payments;
        expect(kept).toHaveLength(1);
        expect(kept[0]).toMatchObject({ amount: balance, reason: '尾款支付时间已结束，款项待退回' });
        await okBody(await api.post(`/api/operator/payment/${kept[0].payment_id}/refund`, { headers: bearer(OPERATOR_TOKEN) }));
        await page.reload();
        await expect(page.locator('[data-returned-payment="refunded"]')).toHaveText(
          new RegExp(`^尾款 微信支付 ¥${balance.replace('.', '\\.')} 未用于本订单，已原路退回（\\d{4}-\\d{2}-\\d{2} `),
        );
        await expect(page.locator('[data-returned-payment]')).toHaveCount(1);
        await page.screenshot({ path: `${SHOTS}/order-presale-late-refunded-1280.png`, fullPage: true });
        await context.close();
      },
      { OPERATOR_TOKEN },
    );
  });

  test('a deposit presale with postage: checkout, the order and its card say the postage comes with the balance, which includes it', async ({
    browser,
  }) => {
    const PRESELL = 13;
    await withOwnMall(
      'presale-postage',
      async (db) => {
        // The presale's shop charges ¥8 for the first unit and ¥2 for each more, everywhere; its presale ships by it.
        const [pr] = await db.select().from(presell).where(eq(presell.productPresellId, PRESELL));
        const [p] = await db.select({ merId: product.merId }).from(product).where(eq(product.productId, pr!.productId));
        const [t] = await db
          .insert(shippingTemplate)
          .values({ merId: p!.merId, name: '预售快递', type: 1, freePrice: 0 })
          .returning({ id: shippingTemplate.shippingTemplateId });
        await db
          .insert(shippingTemplateRegion)
          .values({ shippingTemplateId: t!.id, regions: [], first: '1', firstPrice: 800, continue: '1', continuePrice: 200 });
        await db.update(product).set({ tempId: t!.id, deliveryFree: false }).where(eq(product.productId, pr!.productId));
        return (await createSession(db, HISTORY_UID)).token;
      },
      async (baseURL, token) => {
        const context = await browser.newContext({ baseURL });
        await context.addCookies(sessionCookies(token, baseURL));
        const api = context.request;
        const detail = (await okBody(await api.get(`/api/store/product/presell/detail/${PRESELL}`))).data;
        const sku = Object.values(detail.product.sku as Record<string, { unique: string; stock: number }>).find((x) => x.stock > 5)!;
        const { cart_id: cartId } = (
          await okBody(
            await api.post('/api/user/cart/create', {
              headers: bearer(token),
              data: { product_id: PRESELL, product_attr_unique: sku.unique, cart_num: 2, is_new: 1, product_type: 2 },
            }),
          )
        ).data;
        const page = await context.newPage();
        await page.goto(`/order_confirm?new=1&cartId=${cartId}`);
        const line = page.locator('[data-presell-line]');
        await expect(line).toContainText(/^定金 ¥\d+\.\d{2}\/件，尾款 ¥\d+\.\d{2}\/件/);
        const [deposit, balanceEach] = ((await line.textContent())!.match(/¥(\d+\.\d{2})/g) ?? []).map((m) => Number(m.slice(1)));
        await expect(page.locator('.co-opt', { hasText: '运费' })).toContainText('¥10.00（尾款阶段支付）');
        await expect(page.getByText('运费（尾款阶段支付）')).toBeVisible();
        await expect(page.locator('[data-summary="postage"]')).toHaveText('+¥10.00');
        // Now the deposit alone; later the balance of both units and the postage.
        await expect(page.locator('[data-summary="pay"]')).toHaveText(`¥${(deposit! * 2).toFixed(2)}`);
        const balance = (balanceEach! * 2 + 10).toFixed(2);
        await expect(page.locator('[data-summary="balance"]')).toHaveText(`¥${balance}`);
        await page.screenshot({ path: `${SHOTS}/order-confirm-presale-postage-1280.png`, fullPage: true });

        const { id } = await placeOrder(api, token, [cartId]);
        // Unpaid, on top of the member's orders: the deposit asked now, the postage later.
        await page.goto('/user/order_list?type=1');
        await expect(page.locator(`article[data-group-order-id="${id}"] .ocard__postage`)).toHaveText('运费 ¥10.00 随尾款支付');
        expect(
          (await okBody(await api.post(`/api/order/pay/${id}`, { headers: bearer(token), data: { type: 'balance' } }))).data.status,
        ).toBe('success');
        const [order] = (await okBody(await api.get(`/api/order/group_order_detail/${id}`, { headers: bearer(token) }))).data.orderList;
        expect(order).toMatchObject({ pay_price: (deposit! * 2).toFixed(2), pay_postage: '10.00', presellOrder: { pay_price: balance } });
        await page.goto(`/order_detail?orderId=${order.order_id}`);
        await expect(page.getByText('运费（尾款阶段支付）')).toBeVisible();
        await expect(page.getByText(`尾款（未付）`)).toBeVisible();
        await page.goto('/user/presell_order');
        const card = page.locator(`article[data-order-id="${order.order_id}"]`);
        await expect(card.locator('[data-balance]')).toHaveText(`¥${balance}`);
        await expect(card.locator('[data-balance-postage]')).toHaveText('（含运费 ¥10.00）');
        await page.screenshot({ path: `${SHOTS}/presell-order-postage-1280.png`, fullPage: true });
        await context.close();
      },
    );
  });
});
