import { z } from 'zod';
import { endpoint, ok } from '../../../server/http/envelope.ts';
import { requireUser } from '../../../server/services/context.ts';
import { createIntention } from '../../../server/services/intention/save-intention.ts';
import { INTENTION_TEXT } from '../../../shared/intention.ts';
import { readObjectBody } from '../_input.ts';

/**
 * A merchant application `{phone, mer_name, name, code, merchant_category_id, mer_type_id, images[]}` → the
 * application (login required; `code` is an SMS code of type `intention` sent to `phone`).
 */
export const POST = endpoint(async (ctx, { request }) => {
  requireUser(ctx);
  const body = await readObjectBody(request, z.record(z.string(), z.unknown()));
  return ok(await createIntention(ctx, body), INTENTION_TEXT.created);
});
