import { ok } from '../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../server/http/merchant-endpoint.ts';
import { createOrderForm } from '../../../../server/services/merchant-api/order-forms.ts';
import { readObjectBody } from '../../_input.ts';
import { orderFormBody } from '../../../../shared/schemas/order-form.ts';

/** A new order form `{name, value: [{key, type, title, required, options?, placeholder?, max?}]}`. */
export const POST = merchantEndpoint(async (ctx, { request }) =>
  ok(await createOrderForm(ctx, await readObjectBody(request, orderFormBody)), '添加成功'),
);
