import { and, eq } from 'drizzle-orm';
import { userAddress } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { addressIdInput, type AddressIdInput } from '../../../shared/schemas/address.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { parseInput } from '../input.ts';
import { findOwnAddress, lockShopper } from './address-row.ts';

/** `POST /api/user/address/update/{id}` (login required): makes one of the shopper's addresses the default, and only it. */
export async function setDefaultAddress(ctx: ServiceContext, input: AddressIdInput): Promise<void> {
  const user = requireUser(ctx);
  const { id } = parseInput(addressIdInput, input);
  await transaction(ctx.db, async (tx) => {
    await lockShopper(tx, user.uid);
    const row = await findOwnAddress(tx, user.uid, id);
    await tx
      .update(userAddress)
      .set({ isDefault: false })
      .where(and(eq(userAddress.uid, user.uid), eq(userAddress.isDefault, true)));
    await tx.update(userAddress).set({ isDefault: true }).where(eq(userAddress.addressId, row.addressId));
  });
}
