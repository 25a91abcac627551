import { z } from 'zod';
import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { readObjectBody } from '../../_input.ts';
import { requireUser } from '../../../../server/services/context.ts';
import { saveTitle } from '../../../../server/services/invoice/save-title.ts';
import { INVOICE_TEXT } from '../../../../shared/invoice.ts';

/** Saves a new invoice title `{receipt_type, receipt_title_type, receipt_title, duty_paragraph, email, bank_name, bank_code, address, tel, is_default}` (login first, then the body). */
export const POST = endpoint(async (ctx, { request }) => {
  requireUser(ctx);
  const body = await readObjectBody(request, z.record(z.string(), z.unknown()));
  return ok(await saveTitle(ctx, { ...body, id: undefined } as Parameters<typeof saveTitle>[1]), INVOICE_TEXT.created);
});
