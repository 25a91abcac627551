import { and, desc, eq } from 'drizzle-orm';
import { userAddress } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { addressIdInput, type AddressIdInput } from '../../../shared/schemas/address.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { parseInput } from '../input.ts';
import { findOwnAddress, lockShopper } from './address-row.ts';

/**
 * `POST /api/user/address/delete/{id}` (login required): deletes one of the shopper's addresses. Deleting the
 * default makes the newest remaining one the default. Orders keep their own copy of the address.
 */
export async function deleteAddress(ctx: ServiceContext, input: AddressIdInput): Promise<void> {
  const user = requireUser(ctx);
  const { id } = parseInput(addressIdInput, input);
  await transaction(ctx.db, async (tx) => {
    await lockShopper(tx, user.uid);
    const row = await findOwnAddress(tx, user.uid, id);
    await tx.delete(userAddress).where(eq(userAddress.addressId, row.addressId));
    if (!row.isDefault) return;
    const [next] = await tx
      .select({ id: userAddress.addressId })
      .from(userAddress)
      .where(eq(userAddress.uid, user.uid))
      .orderBy(desc(userAddress.createdAt), desc(userAddress.addressId))
      .limit(1);
    if (next)
      await tx
        .update(userAddress)
        .set({ isDefault: true })
        .where(and(eq(userAddress.addressId, next.id), eq(userAddress.uid, user.uid)));
  });
}
