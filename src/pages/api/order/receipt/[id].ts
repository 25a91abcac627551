import { z } from 'zod';
import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { readObjectBody } from '../../_input.ts';
import { requireUser } from '../../../../server/services/context.ts';
import { requestInvoice } from '../../../../server/services/invoice/request-invoice.ts';

/**
 * The shopper asks for an invoice of a paid order that has none (login first, then the body): the invoice form
 * `{receipt_type, receipt_title_type, receipt_title, duty_paragraph, email, bank_name, bank_code, address, tel}`.
 */
export const POST = endpoint(async (ctx, { request, params }) => {
  requireUser(ctx);
  const body = await readObjectBody(request, z.record(z.string(), z.unknown()));
  await requestInvoice(ctx, { ...body, id: params.id ?? '' });
  return ok([], '申请成功');
});
