import { and, eq, ne, sql } from 'drizzle-orm';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import { country, userAddress } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import type { AddressDto } from '../../../shared/dto.ts';
import { ADDRESS_LIMIT, MAINLAND, addressInput, addressText, needsPostCode, type AddressInput } from '../../../shared/schemas/address.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { ServiceError, badRequest } from '../errors.ts';
import { parseInput } from '../input.ts';
import { resolveArea } from './regions.ts';
import { findOwnAddress, lockShopper, toAddressDto, type AddressRow } from './address-row.ts';

type Parsed = ReturnType<typeof addressInput.parse>;
type AddressFields = Omit<typeof userAddress.$inferInsert, 'addressId' | 'uid' | 'isDefault' | 'createdAt'>;

/** The number in E.164 if it is a valid one for `country` (or a valid international number), else a 400. */
function checkPhone(phone: string, countryCode: string): string {
  let n: ReturnType<typeof parsePhoneNumberFromString>;
  try {
    n = parsePhoneNumberFromString(phone, countryCode as CountryCode);
  } catch {
    n = undefined;
  }
  if (!n?.isValid()) throw badRequest(addressText.phoneFormat);
  return n.number;
}

/** What is stored for a mainland address: the region path checked against the region data, names from it. */
async function mainlandFields(q: Parsed): Promise<Omit<AddressFields, 'realName' | 'phone' | 'detail'>> {
  if (q.area.length === 0) throw badRequest(addressText.area);
  const checked = await resolveArea(q.area.map((n) => n.id));
  if (!checked.ok) throw badRequest(checked.reason === 'invalid' ? addressText.areaInvalid : addressText.areaIncomplete);
  const [province, city, district, street] = checked.nodes;
  if (q.post_code && !/^\d{6}$/.test(q.post_code)) throw badRequest(addressText.postCodeFormat);
  return {
    country: MAINLAND,
    province: province!.name,
    city: city!.name,
    district: district!.name,
    street: street?.name ?? '',
    provinceId: province!.id,
    cityId: checked.nodes.at(-1)!.id,
    area: checked.nodes,
    postCode: q.post_code,
  };
}

/** What is stored for an address outside the mainland: a known country, its region, city and (mostly) postcode. */
async function overseasFields(ctx: ServiceContext, q: Parsed): Promise<Omit<AddressFields, 'realName' | 'phone' | 'detail'>> {
  const [known] = await ctx.db.select({ code: country.code }).from(country).where(eq(country.code, q.country));
  if (!known) throw badRequest(addressText.country);
  if (!q.province) throw badRequest(addressText.province);
  if (!q.city) throw badRequest(addressText.city);
  if (!q.post_code && needsPostCode(q.country)) throw badRequest(addressText.postCode);
  return {
    country: q.country,
    province: q.province,
    city: q.city,
    district: q.district,
    street: '',
    provinceId: 0,
    cityId: 0,
    area: [],
    postCode: q.post_code,
  };
}

/**
 * `POST /api/user/address/create` (login required): adds an address (`address_id` 0) or edits one of the
 * shopper's, and returns it. The first address becomes the default; `is_default` 1 moves the default to this one.
 * The default stays the default when edited with `is_default` 0 (there is always exactly one while any exist;
 * another becomes the default by setting it). At most 50 per shopper, counted under the shopper's row lock.
 */
export async function saveAddress(ctx: ServiceContext, input: AddressInput): Promise<AddressDto> {
  const user = requireUser(ctx);
  const q = parseInput(addressInput, input);
  const fields: AddressFields = {
    ...(q.country === MAINLAND ? await mainlandFields(q) : await overseasFields(ctx, q)),
    realName: q.real_name,
    phone: checkPhone(q.phone, q.country),
    detail: q.detail,
  };
  return transaction(ctx.db, async (tx) => {
    await lockShopper(tx, user.uid);
    const clearOtherDefaults = (keep: number) =>
      tx
        .update(userAddress)
        .set({ isDefault: false })
        .where(and(eq(userAddress.uid, user.uid), eq(userAddress.isDefault, true), ne(userAddress.addressId, keep)));

    let row: AddressRow | undefined;
    if (q.address_id) {
      const current = await findOwnAddress(tx, user.uid, q.address_id);
      [row] = await tx
        .update(userAddress)
        .set({ ...fields, isDefault: current.isDefault || q.is_default === 1 })
        .where(and(eq(userAddress.addressId, current.addressId), eq(userAddress.uid, user.uid)))
        .returning();
    } else {
      const [stats] = await tx
        .select({ total: sql<number>`count(*)::int`, defaults: sql<number>`count(*) filter (where ${userAddress.isDefault})::int` })
        .from(userAddress)
        .where(eq(userAddress.uid, user.uid));
      if ((stats?.total ?? 0) >= ADDRESS_LIMIT) throw new ServiceError('refused', addressText.limit);
      [row] = await tx
        .insert(userAddress)
        .values({ ...fields, uid: user.uid, isDefault: q.is_default === 1 || !stats?.defaults })
        .returning();
    }
    if (row!.isDefault) await clearOtherDefaults(row!.addressId);
    return toAddressDto(row!);
  });
}
