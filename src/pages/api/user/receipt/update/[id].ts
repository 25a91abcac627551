import { z } from 'zod';
import { endpoint, ok } from '../../../../../server/http/envelope.ts';
import { readObjectBody } from '../../../_input.ts';
import { requireUser } from '../../../../../server/services/context.ts';
import { saveTitle } from '../../../../../server/services/invoice/save-title.ts';
import { INVOICE_TEXT } from '../../../../../shared/invoice.ts';

/** Edits one of the shopper's invoice titles (the fields of create); another shopper's is a 404 (login required). */
export const POST = endpoint(async (ctx, { request, params }) => {
  requireUser(ctx);
  const body = await readObjectBody(request, z.record(z.string(), z.unknown()));
  return ok(await saveTitle(ctx, { ...body, id: params.id ?? '' } as Parameters<typeof saveTitle>[1]), INVOICE_TEXT.updated);
});
