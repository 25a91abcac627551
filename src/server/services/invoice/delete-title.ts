import { and, eq } from 'drizzle-orm';
import { userReceipt } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { parseInput } from '../input.ts';
import { titleId } from './get-title.ts';
import { findOwnTitle, lockShopper } from './title-row.ts';

/**
 * `POST /api/user/receipt/delete/{id}` (login required): deletes one of the shopper's saved titles (the default
 * too: the shopper then has none until one is set). Invoices already asked for keep their own copy.
 */
export async function deleteTitle(ctx: ServiceContext, input: { id: unknown }): Promise<void> {
  const user = requireUser(ctx);
  const { id } = parseInput(titleId, input);
  await transaction(ctx.db, async (tx) => {
    await lockShopper(tx, user.uid);
    await findOwnTitle(tx, user.uid, id);
    await tx.delete(userReceipt).where(and(eq(userReceipt.userReceiptId, id), eq(userReceipt.uid, user.uid)));
  });
}
