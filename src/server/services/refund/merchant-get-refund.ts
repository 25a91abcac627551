import { z } from 'zod';
import { idField } from '../../../shared/schemas/catalogue.ts';
import { parseInput } from '../input.ts';
import { requireMerchant, type MerchantContext } from '../merchant-api/context.ts';
import { findMerchantRefund, merchantRefundDtos, type MerchantRefundDto } from './merchant-refund-dto.ts';

/** `GET /api/merchant/refund/detail/{id}`: one of the merchant's refund requests (404 for another merchant's). */
export async function getMerchantRefund(ctx: MerchantContext, input: { id: unknown }): Promise<MerchantRefundDto> {
  const { merId } = requireMerchant(ctx);
  const { id } = parseInput(z.object({ id: idField('退款单ID') }), input);
  return (await merchantRefundDtos(ctx.db, [await findMerchantRefund(ctx.db, merId, id)]))[0]!;
}
