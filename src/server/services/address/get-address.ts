import type { AddressDto } from '../../../shared/dto.ts';
import { addressIdInput, type AddressIdInput } from '../../../shared/schemas/address.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { parseInput } from '../input.ts';
import { findOwnAddress, toAddressDto } from './address-row.ts';

/** `GET /api/user/address/detail/{id}` (login required): one of the shopper's addresses with its `area[]`; any other id is a 404. */
export async function getAddress(ctx: ServiceContext, input: AddressIdInput): Promise<AddressDto> {
  const user = requireUser(ctx);
  const { id } = parseInput(addressIdInput, input);
  return toAddressDto(await findOwnAddress(ctx.db, user.uid, id));
}
