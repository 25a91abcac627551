import { ok } from '../../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../../server/http/merchant-endpoint.ts';
import { updateOrderForm } from '../../../../../server/services/merchant-api/order-forms.ts';
import { orderFormBody } from '../../../../../shared/schemas/order-form.ts';
import { readObjectBody } from '../../../_input.ts';

/** Replaces a form's name and fields; orders already placed keep what they were asked. */
export const POST = merchantEndpoint(async (ctx, { params, request }) => {
  const body = await readObjectBody(request, orderFormBody);
  return ok(await updateOrderForm(ctx, { ...body, id: params.id ?? '' }), '修改成功');
});
