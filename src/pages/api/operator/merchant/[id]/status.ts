import { z } from 'zod';
import { ok } from '../../../../../server/http/envelope.ts';
import { operatorEndpoint } from '../../../../../server/http/operator-endpoint.ts';
import { setShopStatus } from '../../../../../server/services/operator/shops.ts';
import { readObjectBody } from '../../../_input.ts';

/** Closes (`{status: 0}`) or opens again (`{status: 1}`) a shop. */
export const POST = operatorEndpoint(async (ctx, { params, request }) => {
  const body = await readObjectBody(request, z.looseObject({}));
  const shop = await setShopStatus(ctx.db, { ...body, mer_id: params.id ?? '' });
  return ok(shop, shop.status ? '店铺已开启' : '店铺已关闭，商品已从商城下架');
});
