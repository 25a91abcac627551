import { z } from './zod.ts';
import { asList } from './common.ts';
import { REVIEW_MAX_COMMENT, REVIEW_MAX_PICS, REVIEW_TEXT, isUploadRef, charCount } from '../review.ts';

/** The input of a review as the server checks it (limits and messages in shared/review.ts). */

const score = (name: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d$/.test(v.trim()) ? Number(v) : v),
    z
      .number({ error: `请给${name}打分（1-5星）` })
      .int(`请给${name}打分（1-5星）`)
      .min(1, `请给${name}打分（1-5星）`)
      .max(5, `请给${name}打分（1-5星）`),
  );

/** Body of `POST /api/reply/{order_product_id}`. */
export const reviewInput = z.object({
  comment: z
    .string({ error: '请填写评价内容' })
    .trim()
    .min(1, '请填写评价内容')
    .refine((s) => charCount(s) <= REVIEW_MAX_COMMENT, `评价内容不能超过${REVIEW_MAX_COMMENT}个字`),
  /** Uploaded pictures: a list, or one path (or csv) as its items. */
  pics: z.preprocess(
    asList,
    z
      .array(z.string({ error: REVIEW_TEXT.pics }).refine(isUploadRef, REVIEW_TEXT.pics), { error: REVIEW_TEXT.pics })
      .max(REVIEW_MAX_PICS, `最多上传${REVIEW_MAX_PICS}张图片`),
  ),
  product_score: score('商品'),
  service_score: score('服务'),
  postage_score: score('物流'),
});
export type ReviewInput = z.input<typeof reviewInput>;
