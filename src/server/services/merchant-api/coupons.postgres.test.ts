// A shop's coupons on the production path: the same suite on a real PostgreSQL 15 server, where claims and the shop's
// writes really run at the same time; and claims that wait for a write of the shop's, which only a server with
// several connections can show (on PGlite one transaction runs at a time).
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { untilOneWaitsForALock, usePostgres } from '../../../../tests/helpers/postgres-server.ts';
import { asMerchant } from '../../../../tests/helpers/merchant-api.ts';
import { newShopper } from '../../../../tests/helpers/checkout.ts';
import { coupon, couponUser } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import type { Tx } from '../../db/client.ts';
import { claimCoupon, COUPON_TEXT } from '../coupon/claim-coupon.ts';
import { createMerchantCoupon, getMerchantCoupon } from './coupons.ts';
import { merchantCouponsSuite } from './coupons-suite.ts';

const pg = usePostgres(180000);

merchantCouponsSuite(async () => pg.server);

describe('a claim that waits for a write of the shop (PostgreSQL)', () => {
  /**
   * Starts a shopper's claim of coupon `id` while a transaction of the shop holds the coupon's row, lets the claim read
   * the coupon and queue on the row, then runs `write` in that transaction and commits: what the claim answers.
   */
  async function claimDuring(id: number, write: (tx: Tx) => Promise<unknown>): Promise<string> {
    const d = pg.server;
    const s = await newShopper(d);
    let claim: Promise<string> | undefined;
    await transaction(d.db, async (tx) => {
      await tx.select({ id: coupon.couponId }).from(coupon).where(eq(coupon.couponId, id)).for('update');
      claim = claimCoupon(s, { id }).then(
        () => 'claimed',
        (e: Error) => e.message,
      );
      // The claim has read the coupon (no lock needed) and waits for the row.
      await untilOneWaitsForALock(d);
      await write(tx);
    });
    return claim!;
  }

  it('paused meanwhile, the claim is refused and nothing is handed out', async () => {
    const m = await asMerchant(pg.server, 12);
    const c = await createMerchantCoupon(m, { title: '等待中暂停', coupon_price: '5', coupon_time: 3, is_limited: 1, total_count: 10 });
    const answer = await claimDuring(c.coupon_id, (tx) => tx.update(coupon).set({ status: false }).where(eq(coupon.couponId, c.coupon_id)));
    expect(answer).toBe(COUPON_TEXT.gone);
    expect(await getMerchantCoupon(m, { id: c.coupon_id })).toMatchObject({ status: 0, send_num: 0, remain_count: 10 });
  });

  it('its terms edited before the first claim, the waiting claim hands out the new terms', async () => {
    const m = await asMerchant(pg.server, 12);
    const c = await createMerchantCoupon(m, { title: '等待中改价', coupon_price: '5', use_min_price: '50', coupon_time: 3 });
    const answer = await claimDuring(c.coupon_id, (tx) =>
      tx.update(coupon).set({ couponPrice: 800, useMinPrice: 6000, title: '改后' }).where(eq(coupon.couponId, c.coupon_id)),
    );
    expect(answer).toBe('claimed');
    const [held] = await pg.server.db.select().from(couponUser).where(eq(couponUser.couponId, c.coupon_id));
    expect(held).toMatchObject({ couponTitle: '改后', couponPrice: 800, useMinPrice: 6000 });
  });
});
