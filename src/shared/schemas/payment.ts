import { z } from './zod.ts';
import { textOrEmpty } from './common.ts';

/** Pay methods of `POST /api/order/pay/{id}` (reference section 4b). */
export const PAY_METHODS = ['balance', 'weixinQr', 'alipayQr'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];

/** Body of `POST /api/order/pay/{id}` and `POST /api/presell/pay/{id}`; `return_url` is accepted (null or absent too) and ignored. */
export const payInput = z.object({
  type: z.enum(PAY_METHODS, { error: '请选择支付方式' }),
  return_url: textOrEmpty(500, '返回地址格式不正确'),
});
export type PayInput = Omit<z.input<typeof payInput>, 'return_url'> & { return_url?: unknown };

/** How long a QR code may be paid (reference: re-issued after about 3 minutes). */
export const QR_TTL_SECONDS = 180;
