import { desc, eq, sql } from 'drizzle-orm';
import { userAddress } from '../../db/schema/index.ts';
import type { AddressDto, ListPage } from '../../../shared/dto.ts';
import { addressListQuery, type AddressListQuery } from '../../../shared/schemas/address.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { offsetOf, parseInput } from '../input.ts';
import { toAddressDto } from './address-row.ts';

/** `GET /api/user/address/lst?page&limit` (login required): the shopper's addresses, the default first, then the newest. */
export async function listAddresses(ctx: ServiceContext, input: AddressListQuery): Promise<ListPage<AddressDto>> {
  const user = requireUser(ctx);
  const { page, limit } = parseInput(addressListQuery, input);
  const mine = eq(userAddress.uid, user.uid);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(userAddress)
      .where(mine)
      .orderBy(desc(userAddress.isDefault), desc(userAddress.createdAt), desc(userAddress.addressId))
      .limit(limit)
      .offset(offsetOf(page, limit)),
    ctx.db.select({ count: sql<number>`count(*)::int` }).from(userAddress).where(mine),
  ]);
  return { count: total?.count ?? 0, list: rows.map(toAddressDto) };
}
