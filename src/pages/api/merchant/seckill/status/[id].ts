import { ok } from '../../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../../server/http/merchant-endpoint.ts';
import { setMerchantSeckillStatus } from '../../../../../server/services/merchant-api/seckill-writes.ts';
import { seckillStatusBody } from '../../../../../shared/schemas/merchant-activity.ts';
import { readObjectBody } from '../../../_input.ts';

/** `{status: 1}` puts the flash-sale offer on the shelf, `{status: 0}` takes it off. */
export const POST = merchantEndpoint(async (ctx, { params, request }) => {
  const body = await readObjectBody(request, seckillStatusBody);
  const done = await setMerchantSeckillStatus(ctx, { ...body, id: params.id ?? '' });
  return ok(done, done.status ? '上架成功' : '下架成功');
});
