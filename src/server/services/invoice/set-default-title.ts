import { and, eq } from 'drizzle-orm';
import { userReceipt } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { parseInput } from '../input.ts';
import { titleId } from './get-title.ts';
import { findOwnTitle, lockShopper } from './title-row.ts';

/** `POST /api/user/receipt/is_default/{id}` (login required): makes one of the shopper's titles the default, and only it. */
export async function setDefaultTitle(ctx: ServiceContext, input: { id: unknown }): Promise<void> {
  const user = requireUser(ctx);
  const { id } = parseInput(titleId, input);
  await transaction(ctx.db, async (tx) => {
    await lockShopper(tx, user.uid);
    await findOwnTitle(tx, user.uid, id);
    await tx
      .update(userReceipt)
      .set({ isDefault: false })
      .where(and(eq(userReceipt.uid, user.uid), eq(userReceipt.isDefault, true)));
    await tx
      .update(userReceipt)
      .set({ isDefault: true })
      .where(and(eq(userReceipt.userReceiptId, id), eq(userReceipt.uid, user.uid)));
  });
}
