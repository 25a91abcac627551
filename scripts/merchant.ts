/**
 * The merchant's command line: moves a shop's orders through the merchant API over HTTP.
 *   npm run merchant -- orders [status]                     paid orders (status: all, -2, 0 to ship, 1, 2, 3, -1, 10, 11)
 *   npm run merchant -- detail <order_id>                   one order with its timeline
 *   npm run merchant -- ship <order_id> <company> <tracking_no>   ship by express (company name or code, e.g. 顺丰速运 or SF)
 *   npm run merchant -- ship <order_id> --rider <name> <phone>    same-city delivery by a rider
 *   npm run merchant -- ship <order_id> --none                    no shipment needed
 *   npm run merchant -- reship <order_id> <company> <tracking_no> | --rider <name> <phone>   correct a shipped order's parcel
 *   npm run merchant -- verify <order_id> <code>            a pickup order collected, or a rider's order handed over
 *   npm run merchant -- remark <order_id> <text>            the merchant's remark ('' clears it)
 *   npm run merchant -- express                             express companies and their codes
 *   npm run merchant -- refund-order <order_id> <reason> [--items <order_product_id,...>] [--restock]
 *                                                           give back the money of an order not shipped (out of stock)
 *   npm run merchant -- finance [start_date] [end_date]     the shop's statement: paid orders and refunds per day (YYYY-MM-DD)
 *   npm run merchant -- refunds [status]                    refund requests (status: all, 0, -1, 1, 2, 3, -10)
 *   npm run merchant -- refund <refund_id>                  one refund request
 *   npm run merchant -- approve <refund_id> [name phone address]  approve (a return: optional return address)
 *   npm run merchant -- refuse <refund_id> <reason>         refuse with the reason the buyer reads
 *   npm run merchant -- receive <refund_id>                 the returned goods arrived: refund
 *   npm run merchant -- invoices [status]                   invoices asked for with paid orders (status: all, 0 to issue, 1, 10)
 *   npm run merchant -- invoice <order_receipt_id> <receipt_sn> [receipt_url]      issue an invoice (with a link to its file)
 *   npm run merchant -- invoice <order_receipt_id> <receipt_sn> --unmailed         a paper special VAT invoice, not yet mailed
 *   npm run merchant -- invoice <order_receipt_id> <receipt_sn> --mailed <note>    the paper invoice mailed (courier, tracking)
 *   npm run merchant -- invoices-to-correct                 issued invoices refunded since (to reverse and re-issue)
 *   npm run merchant -- invoice-correct <order_receipt_id> <red_sn> [new receipt_sn] [receipt_url]   reverse and re-issue
 *   npm run merchant -- chats                               customer-service conversations, latest first, with unread counts
 *   npm run merchant -- chat <uid>                          one conversation (marks the shopper's messages read)
 *   npm run merchant -- reply <uid> <text>                  answer a shopper who wrote to the shop
 *   npm run merchant -- unsend <message_id>                 take back the shop's own reply (within two minutes)
 *   npm run merchant -- forms | form-add <file.json> | form-edit <form_id> <file.json> | form-delete <form_id>
 *                                                           the shop's order forms (scripts/form-cli.ts)
 *   npm run merchant -- product-form <product_id> <form_id | 0>   which form a checkout of the product asks for
 *   npm run merchant -- shop | shop-set <field> <value>     the shop's settings (scripts/shop-cli.ts)
 *   npm run merchant -- categories | category-add <name> [parent_id] | category-edit <id> <name> | category-delete <id>
 *                                                           the shop's own product categories (scripts/shop-cli.ts)
 *   npm run merchant -- products | product | product-json | product-add | product-edit | on-sale | off-sale | stock | upload
 *                                                           the shop's products and pictures (scripts/product-cli.ts)
 *   npm run merchant -- sessions | seckills | seckill <id> | seckill-add <file.json> | seckill-edit <id> <file.json>
 *   npm run merchant -- seckill-on <id> | seckill-off <id> | seckill-stock <id> <unique> <+n | -n>
 *                                                           the shop's flash sales in the mall's sessions (scripts/activity-cli.ts)
 *   npm run merchant -- presells [status] [type] | presell <id> | presell-add <file.json> | presell-edit <id> <file.json>
 *   npm run merchant -- presell-on <id> | presell-off <id> | presell-stock <id> <unique> <+n | -n>
 *                                                           the shop's presales, by product_presell_id (scripts/activity-cli.ts)
 *   npm run merchant -- coupons [all|1|0] | coupon <coupon_id> | coupon-add <file.json> | coupon-edit <coupon_id> <file.json>
 *   npm run merchant -- coupon-on <coupon_id> | coupon-off <coupon_id> | coupon-delete <coupon_id>
 *                                                           the shop's own coupons (scripts/coupon-cli.ts)
 * The mall is MALL_URL (default http://localhost:4321); the token is MERCHANT_TOKEN or `--token <token>`.
 */
import { CHAT_USAGE, chatCommand } from './chat-cli.ts';
import { CliError, call, parseArgs, runCli } from './cli.ts';
import { FORM_USAGE, formCommand, printAnswers } from './form-cli.ts';
import { SHOP_USAGE, shopCommand } from './shop-cli.ts';
import { PRODUCT_USAGE, productCommand } from './product-cli.ts';
import { SHIPPING_USAGE, shippingCommand } from './shipping-cli.ts';
import { ACTIVITY_USAGE, activityCommand } from './activity-cli.ts';
import { COUPON_USAGE, couponCommand } from './coupon-cli.ts';
import type { OrderExtendItem } from '../src/shared/order-form.ts';
import type { MerchantInvoiceDto } from '../src/server/services/invoice/merchant-invoices.ts';
import type { FinanceFigures, FinanceStatement } from '../src/server/services/merchant-api/finance.ts';

const USAGE = `usage: npm run merchant -- [--token <token>] [--page N] [--limit N] <command>
  orders [status]                          paid orders; status: all (default), -2 all but presales awaiting their balance, 0 to ship,
                                           1 shipped, 2 to review, 3 done, -1 refunded, 10, 11 presales
  detail <order_id>                        one order with its timeline
  ship <order_id> <company> <tracking_no>  ship by express (company name or code: 顺丰速运 or SF)
  ship <order_id> --rider <name> <phone>   same-city delivery by a rider
  ship <order_id> --none                   no shipment needed
  reship <order_id> <company> <tracking_no>   correct the carrier and tracking number of a shipped order
  reship <order_id> --rider <name> <phone>    or its rider
  verify <order_id> <code>                 a pickup order with the shopper's code, or a rider's order with its receipt code
  remark <order_id> <text>                 the merchant's remark on an order ('' clears it)
  express                                  express companies and their codes
  refund-order <order_id> <reason> [--items <order_product_id,...>] [--restock]
                                           give back the money of an order not shipped yet (out of stock, cannot deliver):
                                           every item, or those listed; --restock puts the units back on sale
  finance [start_date] [end_date]          the shop's statement (YYYY-MM-DD, the last 30 days by default, at most 92):
                                           orders paid, presale balances, refunds and what is left, per day and in total
  refunds [status]                         refund requests; status: all (default), 0 review, -1 refused, 1 awaiting return, 2 awaiting receipt, 3 refunded, -10 cancelled
  refund <refund_id>                       one refund request, with when the mall answers it if the shop does not
  approve <refund_id> [name phone address] approve a request (a return: the goods go to the shop's address, or the one given)
  refuse <refund_id> <reason>              refuse a request with the reason the buyer reads
  receive <refund_id>                      the goods sent back arrived: refund them
  invoices [status]                        invoices asked for with paid orders; status: all (default), 0 to issue, 1 issued, 10 issued, not mailed
  invoice <order_receipt_id> <receipt_sn> [receipt_url]    issue an invoice (an e-invoice with a link to its file)
  invoice <order_receipt_id> <receipt_sn> --unmailed       a special VAT invoice issued on paper, not yet mailed
  invoice <order_receipt_id> <receipt_sn> --mailed <note>  the paper invoice mailed (the note: courier and tracking number)
  invoices-to-correct                      issued invoices refunded since: to reverse with a red-letter invoice and re-issue
  invoice-correct <order_receipt_id> <red_sn> [receipt_sn] [receipt_url]
                                           reverse an issued invoice (red-letter number) and issue one for what is left
                                           (no new number when the order was refunded in full)
${CHAT_USAGE}
${FORM_USAGE}
${SHOP_USAGE}
${PRODUCT_USAGE}
${SHIPPING_USAGE}
${ACTIVITY_USAGE}
${COUPON_USAGE}
environment: MALL_URL (default http://localhost:4321), MERCHANT_TOKEN (or --token)`;

interface Item {
  product_num: number;
  /** 0 none, 1 a request in progress, 2 partly refunded, 3 fully refunded. */
  is_refund: number;
  /** What is still refundable: bought less held by open requests less refunded. */
  refund_num: number;
  cart_info: { product: { store_name: string }; productAttr: { sku: string; price: string } };
}
interface Order {
  order_id: number;
  order_sn: string;
  status: number;
  status_text: string;
  order_type: number;
  create_time: string;
  pay_price: string;
  pay_postage: string;
  total_num: number;
  real_name: string;
  user_phone: string;
  user_address: string;
  mark: string;
  remark: string;
  delivery_type: number | null;
  delivery_name: string;
  delivery_id: string;
  delivery_time: string | null;
  verify_time: string | null;
  orderProduct: Item[];
  order_extend?: OrderExtendItem[];
  storeOrderStatus?: { change_time: string; change_message: string }[];
}

interface Refund {
  refund_order_id: number;
  refund_order_sn: string;
  order_sn: string;
  status: number;
  status_text: string;
  refund_type: number;
  refund_num: number;
  refund_price: string;
  refund_message: string;
  mark: string;
  phone: string;
  /** The order's receiver. */
  real_name: string;
  user_phone: string;
  create_time: string;
  fail_message: string;
  mer_delivery_user: string;
  mer_delivery_phone: string;
  mer_delivery_address: string;
  return_end_time: string | null;
  auto_refund_time: string | null;
  delivery_type: string;
  delivery_id: string;
  /** The phone the buyer gave with the return parcel. */
  delivery_phone: string;
  money_state: string;
  money_state_text: string;
  money_error: string;
  refund_integral: number;
  give_back_integral: number;
  refundProduct: { refund_num: number; product: { cart_info: { product: { store_name: string }; productAttr: { sku: string } } } }[];
}

type Invoice = MerchantInvoiceDto;

function printInvoice(x: Invoice): void {
  const i = x.receipt_info;
  console.log(
    `#${x.order_receipt_id}  [${x.status_text}]  ${i.receipt_type === 2 ? '增值税专用发票' : '普通电子发票'}  ¥${x.receipt_price}  订单 ${x.order_sn}  ${x.create_time}`,
  );
  console.log(
    `    抬头：${i.receipt_title}（${i.receipt_title_type === 2 ? '企业' : '个人'}）${i.duty_paragraph ? `  税号：${i.duty_paragraph}` : ''}`,
  );
  if (i.email) console.log(`    收票邮箱：${i.email}`);
  if (i.receipt_type === 2) console.log(`    ${i.bank_name} ${i.bank_code}  ${i.address} ${i.tel}`);
  if (x.receipt_sn) console.log(`    发票号码：${x.receipt_sn}${x.receipt_url ? `  ${x.receipt_url}` : ''}  (${x.status_time})`);
  if (x.mark) console.log(`    备注：${x.mark}`);
  if (x.correct_status === 1) {
    const redo = Number(x.correct_price) > 0 ? `并按 ¥${x.correct_price} 重开` : '（订单已全部退款，无需重开）';
    console.log(`    ${x.correct_text}：已退款 ¥${x.refund_price}，应红冲原票${redo}`);
  }
  if (x.correct_status === 2) console.log(`    ${x.correct_text}：红字发票 ${x.red_sn}（冲销 ¥${x.red_price}）`);
}

function printRefund(r: Refund): void {
  console.log(
    `#${r.refund_order_id}  ${r.refund_order_sn}  [${r.status_text}]  ${r.refund_type === 2 ? '退货退款' : '仅退款'}  ${r.refund_num}件 ¥${r.refund_price}  订单 ${r.order_sn}  ${r.create_time}`,
  );
  // The phone given with the request, else the return parcel's, else the order's receiver's.
  const phone = r.phone || r.delivery_phone || (r.user_phone && `${r.user_phone}（收货人 ${r.real_name}）`) || '-';
  console.log(`    原因：${r.refund_message}${r.mark ? `（${r.mark}）` : ''}  买家电话：${phone}`);
  for (const i of r.refundProduct) {
    const p = i.product.cart_info;
    console.log(`    - ${p.product.store_name}${p.productAttr.sku ? `（${p.productAttr.sku}）` : ''} ×${i.refund_num}`);
  }
  if (r.fail_message) console.log(`    ${r.status === -10 ? '关闭原因' : '拒绝原因'}：${r.fail_message}`);
  if (r.mer_delivery_address) console.log(`    退货地址：${r.mer_delivery_user} ${r.mer_delivery_phone} ${r.mer_delivery_address}`);
  if (r.return_end_time) console.log(`    买家须在 ${r.return_end_time} 前寄回，逾期自动关闭`);
  if (r.auto_refund_time) {
    console.log(`    若 ${r.auto_refund_time} 前未处理，系统将${r.status === 0 ? '自动同意申请' : '自动确认收货并退款'}`);
  }
  if (r.delivery_id) console.log(`    买家退货：${r.delivery_type} ${r.delivery_id}`);
  if (r.money_state !== 'none') console.log(`    退款：${r.money_state_text}${r.money_error ? `（${r.money_error}）` : ''}`);
  if (r.refund_integral || r.give_back_integral) console.log(`    积分：退回 ${r.refund_integral}，扣回赠送 ${r.give_back_integral}`);
}

const refundId = (v: string | undefined) => {
  if (!v || !/^[1-9]\d{0,9}$/.test(v)) throw new CliError('refund_id must be a positive number');
  return v;
};

const shipping = (o: Order) => {
  if (o.order_type === 1) return o.verify_time ? `到店自提，已核销 ${o.verify_time}` : '到店自提，待核销';
  if (o.delivery_type === 1) return `快递 ${o.delivery_name} ${o.delivery_id}（${o.delivery_time}）`;
  if (o.delivery_type === 2) return `同城配送 ${o.delivery_name} ${o.delivery_id}（${o.delivery_time}）`;
  if (o.delivery_type === 3) return `无需物流（${o.delivery_time}）`;
  return '未发货';
};

/** What refunds did to an item, so a merchant packs the right quantity ('' when none). */
const itemRefund = (i: Item) => {
  const taken = i.product_num - i.refund_num;
  if (i.is_refund === 1) return `  【售后处理中，涉及 ${taken} 件】`;
  if (i.is_refund === 2) return `  【已退 ${taken} 件，余 ${i.refund_num} 件】`;
  if (i.is_refund === 3) return '  【已全部退款】';
  return '';
};

function printOrder(o: Order, full = false): void {
  console.log(
    `#${o.order_id}  ${o.order_sn}  [${o.status_text}]  ${o.create_time}  ${o.total_num}件  实付 ¥${o.pay_price}（含运费 ¥${o.pay_postage}）`,
  );
  console.log(`    收货：${o.real_name} ${o.user_phone} ${o.user_address || '-'}`);
  for (const i of o.orderProduct) {
    console.log(
      `    - ${i.cart_info.product.store_name}${i.cart_info.productAttr.sku ? `（${i.cart_info.productAttr.sku}）` : ''} ×${i.product_num}  ¥${i.cart_info.productAttr.price}${itemRefund(i)}`,
    );
  }
  console.log(`    配送：${shipping(o)}`);
  if (o.mark) console.log(`    买家留言：${o.mark}`);
  if (o.remark) console.log(`    商家备注：${o.remark}`);
  printAnswers(o.order_extend);
  if (full && o.storeOrderStatus?.length) {
    console.log('    进度：');
    for (const s of o.storeOrderStatus) console.log(`      ${s.change_time}  ${s.change_message}`);
  }
}

const orderId = (v: string | undefined) => {
  if (!v || !/^[1-9]\d{0,9}$/.test(v)) throw new CliError('order_id must be a positive number');
  return v;
};

async function main(): Promise<number> {
  const { opts, rest } = parseArgs(process.argv.slice(2));
  const [command, ...args] = rest;
  if (!command || command === 'help') {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  if (command === 'express') {
    const { data } = await call('GET', '/api/common/express', null);
    for (const c of data as { code: string; name: string }[]) console.log(`${c.code.padEnd(6)} ${c.name}`);
    return 0;
  }
  const token = opts.token ?? process.env.MERCHANT_TOKEN ?? '';
  if (!token) throw new CliError('no token: set MERCHANT_TOKEN or pass --token <token> (README lists the demo tokens)');
  switch (command) {
    case 'orders': {
      const q = new URLSearchParams({ status: args[0] ?? 'all', page: opts.page ?? '1', limit: opts.limit ?? '20' });
      const { data } = await call('GET', `/api/merchant/order/lst?${q}`, token);
      const list = data.list as Order[];
      console.log(`${data.count} order(s)${data.count > list.length ? `, showing ${list.length} (page ${q.get('page')})` : ''}`);
      for (const o of list) printOrder(o);
      return 0;
    }
    case 'detail': {
      const { data } = await call('GET', `/api/merchant/order/detail/${orderId(args[0])}`, token);
      printOrder(data as Order, true);
      return 0;
    }
    case 'ship':
    case 'reship': {
      const id = orderId(args[0]);
      let body: Record<string, unknown>;
      if (args[1] === '--none' && command === 'ship') body = { delivery_type: 3 };
      else if (args[1] === '--rider') {
        if (args.length !== 4) throw new CliError(`usage: ${command} <order_id> --rider <name> <phone>`);
        body = { delivery_type: 2, delivery_name: args[2], delivery_id: args[3] };
      } else {
        if (args.length !== 3) throw new CliError(`usage: ${command} <order_id> <company> <tracking_no>`);
        body = { delivery_type: 1, delivery_name: args[1], delivery_id: args[2] };
      }
      const path = command === 'ship' ? 'delivery' : 'delivery_update';
      const { message, data } = await call('POST', `/api/merchant/order/${path}/${id}`, token, body);
      console.log(message);
      printOrder(data as Order);
      return 0;
    }
    case 'verify': {
      if (args.length !== 2) throw new CliError('usage: verify <order_id> <code>');
      const { message, data } = await call('POST', `/api/merchant/order/verify/${orderId(args[0])}`, token, { verify_code: args[1] });
      console.log(message);
      printOrder(data as Order);
      return 0;
    }
    case 'remark': {
      if (args.length < 2) throw new CliError("usage: remark <order_id> <text> ('' clears it)");
      const { message, data } = await call('POST', `/api/merchant/order/remark/${orderId(args[0])}`, token, {
        remark: args.slice(1).join(' '),
      });
      console.log(`${message}：#${data.order_id} ${data.remark || '（已清空）'}`);
      return 0;
    }
    case 'refunds': {
      const q = new URLSearchParams({ status: args[0] ?? 'all', page: opts.page ?? '1', limit: opts.limit ?? '20' });
      const { data } = await call('GET', `/api/merchant/refund/lst?${q}`, token);
      const list = data.list as Refund[];
      console.log(`${data.count} refund request(s)${data.count > list.length ? `, showing ${list.length} (page ${q.get('page')})` : ''}`);
      for (const r of list) printRefund(r);
      return 0;
    }
    case 'refund': {
      const { data } = await call('GET', `/api/merchant/refund/detail/${refundId(args[0])}`, token);
      printRefund(data as Refund);
      return 0;
    }
    case 'approve': {
      if (args.length !== 1 && args.length !== 4) throw new CliError('usage: approve <refund_id> [name phone address]');
      const body = args.length === 4 ? { return_name: args[1], return_phone: args[2], return_address: args[3] } : {};
      const { message, data } = await call('POST', `/api/merchant/refund/approve/${refundId(args[0])}`, token, body);
      console.log(message);
      printRefund(data as Refund);
      return 0;
    }
    case 'finance': {
      const q = new URLSearchParams({ start_date: args[0] ?? '', end_date: args[1] ?? '' });
      const { data } = await call('GET', `/api/merchant/finance/lst?${q}`, token);
      const f = data as FinanceStatement;
      const line = (label: string, x: FinanceFigures) =>
        `${label}  订单 ${x.order_count} 笔 ¥${x.order_price}  尾款 ¥${x.balance_price}  退款 ${x.refund_count} 笔 ¥${x.refund_price}  净收入 ¥${x.net_price}`;
      console.log(`${f.start_date} 至 ${f.end_date}`);
      for (const x of f.list) console.log(line(x.date, x));
      console.log(line('合计      ', f.total));
      return 0;
    }
    case 'refund-order': {
      const words = args.slice(1).filter((a) => a !== '--restock');
      const at = words.indexOf('--items');
      const ids = at >= 0 ? words.splice(at, 2)[1] : '';
      if (at >= 0 && !ids) throw new CliError('--items needs the order_product_id list (1,2)');
      if (!args[0] || !words.length) {
        throw new CliError('usage: refund-order <order_id> <reason> [--items <order_product_id,...>] [--restock]');
      }
      const { message, data } = await call('POST', `/api/merchant/order/refund/${orderId(args[0])}`, token, {
        refund_message: words.join(' '),
        ids,
        restock: args.includes('--restock') ? 1 : 0,
      });
      console.log(message);
      printRefund(data as Refund);
      return 0;
    }
    case 'refuse': {
      if (args.length < 2) throw new CliError('usage: refuse <refund_id> <reason>');
      const { message, data } = await call('POST', `/api/merchant/refund/refuse/${refundId(args[0])}`, token, {
        fail_message: args.slice(1).join(' '),
      });
      console.log(message);
      printRefund(data as Refund);
      return 0;
    }
    case 'receive': {
      const { message, data } = await call('POST', `/api/merchant/refund/receive/${refundId(args[0])}`, token, {});
      console.log(message);
      printRefund(data as Refund);
      return 0;
    }
    case 'invoices': {
      const q = new URLSearchParams({ status: args[0] ?? 'all', page: opts.page ?? '1', limit: opts.limit ?? '20' });
      const { data } = await call('GET', `/api/merchant/receipt?${q}`, token);
      const list = data.list as Invoice[];
      console.log(`${data.count} invoice(s)${data.count > list.length ? `, showing ${list.length} (page ${q.get('page')})` : ''}`);
      for (const x of list) printInvoice(x);
      return 0;
    }
    case 'invoices-to-correct': {
      const q = new URLSearchParams({ correct: '1', page: opts.page ?? '1', limit: opts.limit ?? '20' });
      const { data } = await call('GET', `/api/merchant/receipt?${q}`, token);
      const list = data.list as Invoice[];
      console.log(
        `${data.count} invoice(s) to correct${data.count > list.length ? `, showing ${list.length} (page ${q.get('page')})` : ''}`,
      );
      for (const x of list) printInvoice(x);
      return 0;
    }
    case 'invoice-correct': {
      const [id, redSn, sn, url] = args;
      if (!id || !/^[1-9]\d{0,9}$/.test(id) || !redSn)
        throw new CliError('usage: invoice-correct <order_receipt_id> <red_sn> [receipt_sn] [receipt_url]');
      const { message, data } = await call('POST', `/api/merchant/receipt/correct/${id}`, token, {
        red_sn: redSn,
        receipt_sn: sn ?? '',
        receipt_url: url ?? '',
      });
      console.log(message);
      printInvoice(data as Invoice);
      return 0;
    }
    case 'invoice': {
      const [id, sn, flag, ...rest] = args;
      if (!id || !/^[1-9]\d{0,9}$/.test(id) || !sn)
        throw new CliError('usage: invoice <order_receipt_id> <receipt_sn> [receipt_url | --unmailed | --mailed <note>]');
      let body: Record<string, unknown>;
      if (flag === '--unmailed') body = { status: 10, receipt_sn: sn };
      else if (flag === '--mailed') body = { status: 1, receipt_sn: sn, mark: rest.join(' ') };
      else body = { status: 1, receipt_sn: sn, receipt_url: flag ?? '' };
      const { message, data } = await call('POST', `/api/merchant/receipt/${id}`, token, body);
      console.log(message);
      printInvoice(data as Invoice);
      return 0;
    }
    case 'chats':
    case 'chat':
    case 'reply':
    case 'unsend':
      return chatCommand('/api/merchant/service', command, args, opts, token);
    default: {
      const done =
        (await formCommand(command, args, token)) ??
        (await shopCommand(command, args, token)) ??
        (await productCommand(command, args, opts, token)) ??
        (await shippingCommand(command, args, token)) ??
        (await activityCommand(command, args, opts, token)) ??
        (await couponCommand(command, args, opts, token));
      if (done === null) throw new CliError(`unknown command "${command}"\n${USAGE}`);
      return done;
    }
  }
}

runCli(main);
