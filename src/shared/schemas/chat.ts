import { z } from './zod.ts';
import { CHAT_KIND, CHAT_PAGE_MAX, CHAT_TEXT } from '../chat.ts';
import { noControlChars, numberOrDefault, pagination } from './common.ts';

/** Input schemas of the chat (`/api/service/...`, `/api/merchant/service/...`). */

const SENDABLE = [CHAT_KIND.text, CHAT_KIND.emoji, CHAT_KIND.image, CHAT_KIND.product, CHAT_KIND.order, CHAT_KIND.refund] as const;

/** A message as sent: `{msn_type, msn}`; what `msn` must be depends on the kind (checked by the send verb). */
export const chatSendBody = z.object({
  msn_type: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.union(
      SENDABLE.map((k) => z.literal(k)),
      { error: CHAT_TEXT.badKind },
    ),
  ),
  msn: z.preprocess(
    (v) => (typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : (v ?? '')),
    z.string({ error: CHAT_TEXT.empty }).refine(...noControlChars('消息')),
  ),
});
export type ChatSendBody = z.output<typeof chatSendBody>;

/** `?page&limit` of a history: 20 by default, at most 50. */
export const chatHistoryQuery = z.object({
  page: pagination.page,
  limit: z.preprocess(
    numberOrDefault(20),
    z.coerce
      .number({ error: '每页数量必须是数字' })
      .int('每页数量必须是整数')
      .min(1, '每页数量不能小于1')
      .max(CHAT_PAGE_MAX, `每页数量不能大于${CHAT_PAGE_MAX}`),
  ),
});
