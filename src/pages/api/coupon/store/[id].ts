import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { rawQuery } from '../../_input.ts';
import { listMerchantCoupons } from '../../../../server/services/coupon/list-merchant-coupons.ts';

/** A shop's claimable coupons (`?all=1` adds its product coupons). */
export const GET = endpoint(async (ctx, { url, params }) =>
  ok(await listMerchantCoupons(ctx, { id: params.id ?? '', all: rawQuery(url).all })),
);
