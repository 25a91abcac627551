/**
 * Reviews of bought items and the pictures that go with them (reference `/evaluation`, section 4e): limits, messages
 * and the shapes the server, the page and the browser share (no zod here, so islands stay small; the input schema is
 * in schemas/review.ts).
 */

/** Bytes of one uploaded picture (the reference: each ≤5MB). */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** Uploads one shopper may make per minute and per day (refused ones count too: each costs a decode). */
export const UPLOADS_PER_MINUTE = 30;
export const UPLOADS_PER_DAY = 300;

export const UPLOAD_TEXT = {
  tooLarge: '图片大小不能超过5MB',
  noFile: '请选择要上传的图片',
  empty: '图片文件为空，请重新选择',
  notImage: '仅支持 JPG、PNG、WebP、GIF 格式的图片',
  broken: '图片已损坏或无法识别，请换一张',
  tooManyPixels: '图片尺寸过大（超过5000万像素），请缩小后再上传',
  multipart: '请以 multipart/form-data 格式上传图片（字段名 file）',
  tooMany: '上传太频繁，请稍后再试',
} as const;

export const REVIEW_MAX_PICS = 6;
export const REVIEW_MAX_COMMENT = 500;

/** What each number of stars means (1 to 5), shown beside the stars. */
export const STAR_WORDS = ['非常差', '差', '一般', '好', '非常好'] as const;

export const REVIEW_TEXT = {
  itemGone: '订单商品不存在',
  reviewed: '该商品已评价',
  notReceived: '确认收货后才能评价',
  refunded: '订单已退款，不能评价',
  notReviewable: '该订单暂不能评价',
  pics: '图片无效，请重新上传',
  done: '评价成功',
  orderDone: '用户已评价，订单完成',
} as const;

/** Characters as a shopper counts them (an emoji is one), the way the comment box counts. */
export const charCount = (s: string) => [...s].length;

/** A stored upload's path as `POST /api/upload/image/file` answers it. */
export const UPLOAD_PATH = /^\/media\/([a-z0-9][a-z0-9-]{0,63})\.webp$/;

/**
 * What a picture field names: an upload's path (`/media/u….webp`), or the absolute http(s) URL of one as a client
 * that prefixes the site's address sends it (`origin` then says whose; only the server knows which origins are its
 * own, and refuses others). null for anything else: another path, a query or fragment, credentials in the URL.
 */
export function uploadRef(ref: string): { origin: string | null; path: string } | null {
  if (UPLOAD_PATH.test(ref)) return { origin: null, path: ref };
  if (!/^https?:\/\/[^/?#\s]+\/media\/[^?#\s]+$/i.test(ref)) return null;
  try {
    const u = new URL(ref);
    if (u.username || u.password || !UPLOAD_PATH.test(u.pathname)) return null;
    return { origin: u.origin, path: u.pathname };
  } catch {
    return null;
  }
}

/** Whether a picture field's value names an upload (a path, or an absolute URL of one: `uploadRef`). */
export const isUploadRef = (ref: string) => uploadRef(ref) !== null;

/** A review as its author sees it again (the `/evaluation` page of an item already reviewed). */
export interface OwnReviewDto {
  reply_id: number;
  comment: string;
  pics: string[];
  product_score: number;
  service_score: number;
  postage_score: number;
  create_time: string;
  merchant_reply_content: string | null;
}

/**
 * `GET /api/reply/product/{order_product_id}` data: the buyer's order item (as ordered) to review, and the review if
 * it was written.
 */
export interface ReviewItemDto {
  order_product_id: number;
  order_id: number;
  /** The product page the review appears on. */
  product_id: number;
  product_num: number;
  /** The quantity bought (as `product_num`): the reference's `/evaluation` reads `cart_num`. */
  cart_num: number;
  /** 1 once reviewed. */
  is_reply: number;
  /** The store order's status (2 to review, 3 done). */
  status: number;
  cart_info: {
    product: { store_name: string; image: string; unit_name: string };
    productAttr: { sku: string; price: string };
    /** The quantity bought, where CRMEB's cart snapshot has it. */
    cart_num: number;
  };
  reply: OwnReviewDto | null;
}

/** `POST /api/reply/{order_product_id}` data. */
export interface ReviewCreatedDto {
  reply_id: number;
  order_id: number;
  /** The store order's status after the review: 3 when it was the order's last item to review. */
  status: number;
}
