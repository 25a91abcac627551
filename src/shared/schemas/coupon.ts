import { z } from './zod.ts';
import { numberOrDefault } from './common.ts';

/** At most this many coupons in one answer of `GET /api/coupon/list` (the reference's client asks for 999). */
export const MY_COUPON_LIMIT = 1000;

/**
 * `GET /api/coupon/list?statusTag=1|0&page&limit`: 1 = not used and not expired (usable or not started yet),
 * 0 = used or expired. A limit above `MY_COUPON_LIMIT` is lowered to it, so `limit=999` returns every coupon.
 */
export const myCouponQuery = z.object({
  statusTag: z.preprocess(
    numberOrDefault(1),
    z.coerce.number({ error: '优惠券状态不正确' }).refine((n) => n === 0 || n === 1, '优惠券状态不正确'),
  ),
  page: z.preprocess(
    numberOrDefault(1),
    z.coerce.number({ error: '页码必须是数字' }).int('页码必须是整数').min(1, '页码不能小于1').max(100000, '页码不能大于100000'),
  ),
  limit: z.preprocess(
    numberOrDefault(20),
    z.coerce
      .number({ error: '每页数量必须是数字' })
      .int('每页数量必须是整数')
      .min(1, '每页数量不能小于1')
      .transform((n) => Math.min(n, MY_COUPON_LIMIT)),
  ),
});
export type MyCouponQuery = { [K in keyof z.output<typeof myCouponQuery>]?: unknown };
