import { z } from './zod.ts';
import { blank } from './common.ts';
import { paged } from './catalogue.ts';
import { WALLET_PAGE_SIZE } from '../wallet.ts';

/** Input schemas of the wallet endpoints (reference section 4e); every problem is a 400 with its Chinese message. */

/** `GET /api/user/bill?type&page&limit`: 0 all, 1 expense, 2 income; 10 a page unless `limit` (at most 100). */
export const billListQuery = z.object({
  type: z.preprocess(
    (v) => (blank(v) ? 0 : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
    z
      .number({ error: '类型格式不正确' })
      .int('类型格式不正确')
      .refine((n) => n === 0 || n === 1 || n === 2, '类型格式不正确'),
  ),
  ...paged(WALLET_PAGE_SIZE),
});

/** `GET /api/user/integral/lst?page&limit`. */
export const integralListQuery = z.object(paged(WALLET_PAGE_SIZE));
