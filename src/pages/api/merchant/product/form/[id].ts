import { ok } from '../../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../../server/http/merchant-endpoint.ts';
import { setProductForm } from '../../../../../server/services/merchant-api/order-forms.ts';
import { productFormBody } from '../../../../../shared/schemas/order-form.ts';
import { readObjectBody } from '../../../_input.ts';

/** Which of the shop's order forms a checkout of the product asks for: `{mer_form_id}` (0 none). */
export const POST = merchantEndpoint(async (ctx, { params, request }) => {
  const body = await readObjectBody(request, productFormBody);
  return ok(await setProductForm(ctx, { ...body, id: params.id ?? '' }), '设置成功');
});
