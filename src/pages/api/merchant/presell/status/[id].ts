import { ok } from '../../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../../server/http/merchant-endpoint.ts';
import { setMerchantPresellStatus } from '../../../../../server/services/merchant-api/presell-writes.ts';
import { presellStatusBody } from '../../../../../shared/schemas/merchant-activity.ts';
import { readObjectBody } from '../../../_input.ts';

/** `{status: 1}` puts the presale (`product_presell_id`) on the shelf, `{status: 0}` takes it off. */
export const POST = merchantEndpoint(async (ctx, { params, request }) => {
  const body = await readObjectBody(request, presellStatusBody);
  const done = await setMerchantPresellStatus(ctx, { ...body, id: params.id ?? '' });
  return ok(done, done.status ? '上架成功' : '下架成功');
});
