import { z } from 'zod';
import type { InvoiceTitleDto } from '../../../shared/invoice.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { parseInput } from '../input.ts';
import { findOwnTitle, toTitleDto } from './title-row.ts';

export const titleId = z.object({ id: idField('发票抬头ID') });

/** `GET /api/user/receipt/detail/{id}` (login required): one of the shopper's saved titles; another's is a 404. */
export async function getTitle(ctx: ServiceContext, input: { id: unknown }): Promise<InvoiceTitleDto> {
  const user = requireUser(ctx);
  const { id } = parseInput(titleId, input);
  return toTitleDto(await findOwnTitle(ctx.db, user.uid, id));
}
