import { and, eq } from 'drizzle-orm';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { Db } from '../../db/client.ts';
import { userAddress, users } from '../../db/schema/index.ts';
import type { AddressDto } from '../../../shared/dto.ts';
import { addressText } from '../../../shared/schemas/address.ts';
import { notFound } from '../input.ts';

/** Pieces the address verbs share: the row → DTO mapping, the shopper lock and the ownership lookup. */

export type AddressRow = typeof userAddress.$inferSelect;

/**
 * A stored E.164 number as shown: a mainland one in its national form (a mobile as its 11 digits, "13800138000"; a
 * landline with its trunk 0 and a hyphen after the area code, "0755-12345678", the way landlines are written in
 * China), international otherwise. Both forms read back as the same number when an address is edited.
 */
export function displayPhone(e164: string): string {
  const n = parsePhoneNumberFromString(e164);
  if (!n) return e164;
  if (n.country !== 'CN') return n.formatInternational();
  // "0755 1234 5678": libphonenumber's national form of a landline starts with the trunk prefix and the area code.
  const national = n.formatNational();
  if (!national.startsWith('0')) return n.nationalNumber;
  const [area, ...rest] = national.split(/\s+/);
  return rest.length ? `${area}-${rest.join('')}` : area!;
}

export function toAddressDto(r: AddressRow): AddressDto {
  return {
    address_id: r.addressId,
    real_name: r.realName,
    phone: displayPhone(r.phone),
    country: r.country,
    province: r.province,
    city: r.city,
    district: r.district,
    street: r.street,
    city_id: r.cityId,
    province_id: r.provinceId,
    area: r.area.map((n) => ({ id: n.id, name: n.name })),
    post_code: r.postCode,
    detail: r.detail,
    is_default: r.isDefault ? 1 : 0,
  };
}

/**
 * Queues this shopper's address writes on their user row (inside the caller's transaction), so parallel
 * requests cannot pass the 50-address limit or leave two defaults.
 */
export async function lockShopper(tx: Db, uid: number): Promise<void> {
  await tx.select({ uid: users.uid }).from(users).where(eq(users.uid, uid)).for('update');
}

/** The shopper's own address `id`; another shopper's or an unknown one is the same 404. */
export async function findOwnAddress(db: Db, uid: number, id: number): Promise<AddressRow> {
  const [row] = await db
    .select()
    .from(userAddress)
    .where(and(eq(userAddress.addressId, id), eq(userAddress.uid, uid)));
  if (!row) throw notFound(addressText.notFound);
  return row;
}
