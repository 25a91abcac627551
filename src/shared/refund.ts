/**
 * After-sales (reference `/refund*` pages, section 3 refund statuses, section 4e): the reasons a shopper picks, the
 * limits, the words each status and money state shows, and the DTO shapes the server, the pages and the islands share
 * (no zod here, so islands stay small; the input schemas are in schemas/refund.ts).
 */

/** `GET /api/common/refund_message`: the reasons of the reason select. */
export const REFUND_MESSAGES: readonly string[] = [
  '收货地址填错了',
  '与描述不符',
  '信息填错了，重新拍',
  '收到商品损坏了',
  '未按预定时间发货',
  '商品质量问题',
  '少件、漏发',
  '商家发错货',
  '不想要了',
  '其它原因',
];

/**
 * A contact phone as a shopper types it: a mobile ("13800138000", "+86 138 0013 8000") or a landline with its area code
 * ("0755-12345678", "(0755) 1234 5678"), as an address takes it: an optional +, then digits with spaces, hyphens or
 * brackets between them; 4 to 15 digits in all (E.164's most), at most 30 characters.
 */
export function isContactPhone(raw: string): boolean {
  const s = raw.trim();
  const digits = s.replace(/\D/g, '').length;
  return s.length <= 30 && /^\+?[(\d][\d\s()-]*\d$/.test(s) && !/[\s-]{2}/.test(s) && digits >= 4 && digits <= 15;
}

export const REFUND_MAX_PICS = 6;
export const REFUND_MAX_MARK = 100;
/** Refund requests a list page shows (`/user/refund_list`). */
export const REFUND_PAGE_SIZE = 10;

/** Refund order `status` (reference section 3). */
export const REFUND_STATE = { review: 0, refused: -1, awaitReturn: 1, awaitReceipt: 2, refunded: 3, cancelled: -10 } as const;

/** What a shopper reads for each refund status. */
export const REFUND_STATUS_TEXT: Record<number, string> = {
  0: '待审核',
  [-1]: '审核未通过',
  1: '待退货',
  2: '待商家收货',
  3: '已退款',
  [-10]: '已取消',
};

/** Longer words of the status banner of `/refund_detail`. */
export const REFUND_BANNER: Record<number, string> = {
  0: '退款申请已提交，请等待商家审核',
  [-1]: '商家拒绝了您的退款申请',
  1: '商家已同意退货，请将商品寄回并填写物流信息',
  2: '已寄回商品，请等待商家收货并退款',
  3: '退款成功',
  [-10]: '您已取消本次售后申请',
};

/** Why a return closed without the buyer's withdrawing it (its `fail_message`, and the order's timeline line). */
export const REFUND_CLOSED_UNRETURNED = '买家超时未寄回商品，售后申请已自动关闭';

/** Where the money of an approved refund is (`money_state`), as the shopper reads it; '' before approval. */
export const MONEY_STATE_TEXT: Record<string, string> = {
  none: '',
  pending: '退款处理中',
  retrying: '退款失败，系统正在重试',
  done: '已退回原支付账户',
  /** Done, of a request for ¥0 (items coupons and points paid for in full): only points move. */
  doneFree: '实付¥0，无款项退回',
  failed: '退款失败，请联系客服',
};

/** What a request's money state reads: `done` of a ¥0 request (items coupons and points paid for) says nothing was paid. */
export const moneyStateText = (state: string, refundCents: number): string =>
  (refundCents === 0 && state === 'done' ? MONEY_STATE_TEXT.doneFree : MONEY_STATE_TEXT[state]) ?? '';

export const REFUND_TEXT = {
  orderGone: '订单不存在',
  refundGone: '退款单不存在',
  notPaid: '订单未支付，不能申请退款',
  presell: '预售订单尾款未付，不能申请退款',
  notAllowed: '该订单已超过售后期限，不能申请退款',
  allRefunded: '该订单已全部退款，没有可再退的商品',
  itemGone: '退款商品不存在',
  switchOff: '该商品不支持退款',
  nothingLeft: '该商品已无可退数量',
  tooMany: '退款数量超过可退数量',
  tooMuch: '退款金额超过最多可退金额',
  tooLittle: '退款金额不能小于0.01元',
  noReturn: '订单未发货，请选择仅退款',
  pics: '图片无效，请重新上传',
  applied: '申请退款成功',
  cancelOnly: '当前状态不能取消申请',
  cancelled: '已取消申请',
  shipOnly: '当前状态不能提交退货物流',
  shipped: '退货物流已提交',
  express: '请选择快递公司',
  delOnly: '售后处理中，不能删除记录',
  deleted: '已删除',
  notShipped: '暂无退货物流信息',
  trackFailed: '物流信息暂时查询不到，请稍后再试',
} as const;

/** A refund's item as the list and detail show it: the line as ordered, and how many of it are asked back. */
export interface RefundItemDto {
  order_product_id: number;
  refund_num: number;
  refund_price: string;
  product: {
    cart_info: {
      product: { store_name: string; image: string; unit_name: string; product_id: number };
      productAttr: { sku: string; price: string };
    };
  };
}

/** One card of `GET /api/refund/list`. */
export interface RefundListItemDto {
  refund_order_id: number;
  refund_order_sn: string;
  order_id: number;
  status: number;
  status_text: string;
  refund_type: number;
  refund_num: number;
  refund_price: string;
  merchant: { mer_id: number; mer_name: string };
  refundProduct: RefundItemDto[];
  create_time: string;
  money_state: string;
  money_state_text: string;
}

/** `GET /api/refund/detail/{id}`: everything `/refund_detail` shows. */
export interface RefundDetailDto extends RefundListItemDto {
  /** 1 one item with a quantity, 2 several items. */
  type: number;
  refund_message: string;
  mark: string;
  pics: string[];
  /**
   * The reference's meaning: the shop's return phone, shown with `mer_delivery_user` and `mer_delivery_address` once
   * the merchant agreed to a return (status 1 on); '' before. The same as `mer_delivery_phone`.
   */
  phone: string;
  /** The contact phone the shopper gave with the request ('' when none). */
  contact_phone: string;
  fail_message: string;
  mer_delivery_user: string;
  mer_delivery_phone: string;
  mer_delivery_address: string;
  delivery_type: string;
  delivery_id: string;
  delivery_phone: string;
  delivery_time: string | null;
  status_time: string;
  /**
   * When the system answers for the merchant (`refund_agree_days` after `status_time`): agrees to a request under
   * review, confirms a returned parcel. Null in the other statuses.
   */
  auto_refund_time: string | null;
  /**
   * Ours: until when the buyer may send back the goods of an approved return (`refund_return_days` after `status_time`);
   * after it the request closes. Null in the other statuses.
   */
  return_end_time: string | null;
  refunded_time: string | null;
  order_sn: string;
  /** Ours: the points the order used that this refund gave back (its `refund_integral` ledger row; 0 before it is refunded). */
  refund_integral: number;
  /** Ours: the points the order's receipt gave that this refund took back (its `refund_give_back` row; 0 when none). */
  give_back_integral: number;
}

/** One row of `GET /api/refund/batch_product/{order_id}` and of `product[]` of `GET /api/refund/product/{order_id}`. */
export interface RefundableItemDto {
  order_product_id: number;
  order_id: number;
  product_id: number;
  /** Units still refundable. */
  refund_num: number;
  product_num: number;
  /** What the line was paid (postage included). */
  pay_price: string;
  /** Most refundable for all `refund_num` units: goods, and postage while unshipped. */
  refund_price: string;
  postage_price: string;
  cart_info: RefundItemDto['product']['cart_info'];
}

/** `GET /api/refund/product/{order_id}?ids&type`. */
export interface RefundProductDto {
  product: RefundableItemDto[];
  /** Goods refundable for the items' whole `refund_num` (yuan). */
  total_refund_price: string;
  /** Postage refundable with them (0 once shipped). */
  postage_price: string;
  /** The store order's status. */
  status: number;
  activity_type: number;
  /** Per unit, to scale the amount of a `type=1` request with its quantity: `max_by_num[k-1]` is the most for k units. */
  max_by_num: string[];
}
