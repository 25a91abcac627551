/**
 * The merchant CLI's coupon commands (`/api/merchant/coupon/...`): coupons, coupon, coupon-add, coupon-edit,
 * coupon-on, coupon-off, coupon-delete. A coupon is written as JSON, for example (README "A shop's coupons")
 *   {"title": "满199减20", "coupon_price": "20", "use_min_price": "199", "coupon_type": 0, "coupon_time": 15,
 *    "is_limited": 1, "total_count": 500, "user_limit": 1}
 * and a product coupon with `"type": 1, "product_id": [21, 41]`. coupon-edit sends only the fields in its file.
 */
import { call, positiveId, readJsonFile } from './cli.ts';
import type { MerchantCouponDto } from '../src/server/services/merchant-api/coupons.ts';

export const COUPON_USAGE = `  coupons [all|1|0]                        the shop's coupons (1 on, 0 off), newest first, with claimed / used counts
  coupon <coupon_id>                       one coupon
  coupon-add <file.json | ->               a new shop coupon (type 0) or product coupon (type 1 with product_id) from JSON
  coupon-edit <coupon_id> <file.json | ->  change the fields in the file (once claimed: title, status, sort, end_time, a larger total_count, product_id)
  coupon-on <coupon_id>                    offer the coupon to shoppers again
  coupon-off <coupon_id>                   stop offering it (coupons already claimed stay usable)
  coupon-delete <coupon_id>                delete a coupon nobody has claimed`;

function printCoupon(c: MerchantCouponDto): void {
  const threshold = c.use_min_price === '0.00' ? '无门槛' : `满¥${c.use_min_price}`;
  const valid = c.coupon_type === 0 ? `领取后${c.coupon_time}天内有效` : `${c.use_start_time} 至 ${c.use_end_time} 可用`;
  const stock = c.is_limited ? `限量${c.total_count}张，剩余${c.remain_count}张` : '不限量';
  console.log(
    `#${c.coupon_id}  ${c.title}  [${c.type_label}]  ${threshold}减¥${c.coupon_price}  ${c.status ? '发放中' : '已停止'}  ${valid}`,
  );
  const window = c.start_time || c.end_time ? `  领取时间：${c.start_time ?? '不限'} 至 ${c.end_time ?? '不限'}` : '';
  console.log(`    ${stock}，每人限领${c.user_limit}张；已领取${c.send_num}张，已使用${c.used_num}张，未使用${c.unused_num}张${window}`);
  if (c.products.length) console.log(`    适用商品：${c.products.map((p) => `#${p.product_id} ${p.store_name}`).join('、')}`);
}

/** Runs one coupon command; `null` when `command` is not one of them. */
export async function couponCommand(
  command: string,
  args: string[],
  opts: { page?: string; limit?: string },
  token: string,
): Promise<number | null> {
  switch (command) {
    case 'coupons': {
      const q = new URLSearchParams({ status: args[0] ?? 'all', page: opts.page ?? '1', limit: opts.limit ?? '20' });
      const { data } = await call('GET', `/api/merchant/coupon/lst?${q}`, token);
      console.log(`${data.count} coupon(s)`);
      for (const c of data.list as MerchantCouponDto[]) printCoupon(c);
      return 0;
    }
    case 'coupon': {
      const { data } = await call('GET', `/api/merchant/coupon/detail/${positiveId(args[0], 'coupon_id')}`, token);
      printCoupon(data as MerchantCouponDto);
      return 0;
    }
    case 'coupon-add': {
      const { message, data } = await call('POST', '/api/merchant/coupon/create', token, await readJsonFile(args[0], 'coupon'));
      console.log(message);
      printCoupon(data as MerchantCouponDto);
      return 0;
    }
    case 'coupon-edit': {
      const id = positiveId(args[0], 'coupon_id');
      const { message, data } = await call('POST', `/api/merchant/coupon/update/${id}`, token, await readJsonFile(args[1], 'coupon'));
      console.log(message);
      printCoupon(data as MerchantCouponDto);
      return 0;
    }
    case 'coupon-on':
    case 'coupon-off': {
      const id = positiveId(args[0], 'coupon_id');
      const { message } = await call('POST', `/api/merchant/coupon/status/${id}`, token, { status: command === 'coupon-on' ? 1 : 0 });
      console.log(`${message}：优惠券 #${id}`);
      return 0;
    }
    case 'coupon-delete': {
      const { message, data } = await call('POST', `/api/merchant/coupon/delete/${positiveId(args[0], 'coupon_id')}`, token, {});
      console.log(`${message}：优惠券 #${data.coupon_id}`);
      return 0;
    }
    default:
      return null;
  }
}
