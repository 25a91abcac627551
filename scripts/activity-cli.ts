/**
 * The merchant CLI's flash-sale commands (`/api/merchant/seckill/...`): sessions, seckills, seckill, seckill-add,
 * seckill-edit, seckill-on, seckill-off, seckill-stock. An offer is written as JSON, for example (README "A shop's
 * flash sales")
 *   {"origin_product_id": 1203, "seckill_time_id": 6, "start_day": "2026-12-01", "end_day": "2026-12-07",
 *    "once_pay_count": 1, "all_pay_count": 2, "status": 1,
 *    "attrValue": [{"unique": "<the product's SKU>", "price": "59.90", "stock": 20}]}
 * And its presale commands (`/api/merchant/presell/...`, by `product_presell_id`): presells, presell, presell-add,
 * presell-edit, presell-on, presell-off, presell-stock. A presale as JSON (README "A shop's presales"):
 *   {"origin_product_id": 1203, "presell_type": 2, "start_time": "2026-12-01 10:00:00", "end_time": "2026-12-10 23:59:59",
 *    "final_start_time": "2026-12-11 00:00:00", "final_end_time": "2026-12-13 23:59:59", "delivery_type": 1,
 *    "delivery_day": 5, "pay_count": 2, "status": 1,
 *    "attrValue": [{"unique": "<the product's SKU>", "price": "99", "down_price": "20", "stock": 20}]}
 */
import { CliError, call, positiveId, readJsonFile } from './cli.ts';
import type { MerchantSeckillDto, MerchantSeckillItem } from '../src/server/services/merchant-api/seckills.ts';
import type { SessionDto } from '../src/server/services/promotion/list-seckill-sessions.ts';
import type { MerchantPresellDto, MerchantPresellItem } from '../src/server/services/merchant-api/presells.ts';

export const ACTIVITY_USAGE = `  sessions                                 the mall's daily flash-sale sessions (seckill_time_id, hours, state now)
  seckills [status] [keyword]              the shop's flash sales; status: all (default), 1 on sale, 0 off the shelf
  seckill <product_id>                     one flash sale with its SKUs (unique, price, stock, sales, the product's stock left)
  seckill-add <file.json | ->              a flash sale of one of the shop's products, from JSON {origin_product_id, seckill_time_id,
                                           start_day, end_day, once_pay_count, all_pay_count, attrValue: [{unique, price, stock}]}
                                           (the stock is taken from the product's own SKUs)
  seckill-edit <product_id> <file.json | ->   change what the JSON names: seckill_time_id, days, caps, attrValue [{unique, price, add}]
  seckill-on <product_id> | seckill-off <product_id>   put a flash sale on the shelf or take it off
  seckill-stock <product_id> <unique> <+n | -n> [<unique> <±n> ...]   move stock from the product to the flash sale (+n) or back (-n)
                                           (when the sale ends, after end_day, what is left goes back to the product by itself;
                                           a SKU the product no longer has keeps its stock there: -n writes it off; an ended sale takes no +n)
  presells [status] [type] [keyword]       the shop's presales; status: all (default), 1 on the shelf, 0 off it;
                                           type: all (default), 0 not started, 1 in progress, 2 ended
  presell <product_presell_id>             one presale with its SKUs (unique, price, deposit, stock, sales, the product's stock left)
  presell-add <file.json | ->              a presale of one of the shop's products, from JSON {origin_product_id, presell_type (1 full,
                                           2 deposit), start_time, end_time, final_start_time, final_end_time (deposit), delivery_type,
                                           delivery_day, pay_count, attrValue: [{unique, price, down_price, stock}]} (times
                                           'YYYY-MM-DD HH:mm:ss', mall time; the stock is taken from the product's own SKUs)
  presell-edit <product_presell_id> <file.json | ->   change what the JSON names (attrValue [{unique, price, down_price, add}])
  presell-on <product_presell_id> | presell-off <product_presell_id>   put a presale on the shelf or take it off
  presell-stock <product_presell_id> <unique> <+n | -n> [<unique> <±n> ...]   move stock from the product to the presale (+n) or back (-n)
                                           (when the presale ends, at end_time, what is left goes back to the product by itself;
                                           a SKU the product no longer has keeps its stock there: -n writes it off; an ended presale takes no +n)`;

const STATUS = ['已下架', '在售'];
const STATE: Record<string, string> = { 1: '抢购中', 0: '未开始', [-1]: '已结束' };

function printItem(s: MerchantSeckillItem): void {
  console.log(
    `#${s.product_id}  ${s.store_name}  ¥${s.price}（原价 ¥${s.ot_price}）  库存 ${s.stock}  已售 ${s.sales}  ${STATUS[s.status] ?? s.status}  ${STATE[s.seckill_status] ?? s.seckill_status}`,
  );
  console.log(
    `    ${s.title}（${s.start_time}:00-${s.end_time}:00）  ${s.start_day} 至 ${s.end_day}  单次限购 ${s.once_pay_count}  限购 ${s.all_pay_count || '不限'}  原商品 #${s.origin_product_id}`,
  );
}

function printOffer(s: MerchantSeckillDto): void {
  printItem(s);
  for (const v of s.attrValue) {
    console.log(`    ${v.unique}  ${v.sku || '默认'}  ¥${v.price}  库存 ${v.stock}  已售 ${v.sales}  商品余量 ${v.origin_stock}`);
  }
}

const PRESELL_TYPE: Record<string, string> = { 1: '全款预售', 2: '定金预售' };
const PRESELL_STATE: Record<string, string> = { 0: '未开始', 1: '进行中', 2: '已结束' };

function printPresellItem(p: MerchantPresellItem): void {
  const deposit = p.presell_type === 2 ? `  定金 ¥${p.down_price}起` : '';
  console.log(
    `#${p.product_presell_id}  ${p.store_name}  ¥${p.price}（原价 ¥${p.ot_price}）${deposit}  库存 ${p.stock}  已售 ${p.sales}  ${STATUS[p.status] ?? p.status}  ${PRESELL_STATE[p.presell_status] ?? p.presell_status}`,
  );
  const balance = p.presell_type === 2 ? `  尾款 ${p.final_start_time} 至 ${p.final_end_time}` : '';
  const ship = p.delivery_type === 1 ? `付款后 ${p.delivery_day} 天内发货` : `预售结束后 ${p.delivery_day} 天内发货`;
  console.log(
    `    ${PRESELL_TYPE[p.presell_type] ?? p.presell_type}  ${p.start_time} 至 ${p.end_time}${balance}  ${ship}  限购 ${p.pay_count || '不限'}  商品 #${p.product_id}  原商品 #${p.origin_product_id}`,
  );
}

function printPresell(p: MerchantPresellDto): void {
  printPresellItem(p);
  for (const v of p.attrValue) {
    console.log(
      `    ${v.unique}  ${v.sku || '默认'}  ¥${v.price}${p.presell_type === 2 ? `  定金 ¥${v.down_price}` : ''}  库存 ${v.stock}  已售 ${v.sales}  商品余量 ${v.origin_stock}`,
    );
  }
}

/** `seckill-stock` / `presell-stock` arguments: pairs of an offer SKU's unique and `+n` / `-n`. */
function stockMoves(args: string[], command = 'seckill-stock <product_id>'): { unique: string; add: number }[] {
  if (!args.length || args.length % 2) throw new CliError(`usage: ${command} <unique> <+n | -n> [<unique> <±n> ...]`);
  const list = [];
  for (let i = 0; i < args.length; i += 2) {
    const [unique, n] = [args[i]!, args[i + 1]!];
    if (!/^[+-]\d{1,8}$/.test(n)) throw new CliError(`the stock change of ${unique} must be +number or -number`);
    list.push({ unique, add: Number(n) });
  }
  return list;
}

/** Runs one flash-sale command; `null` when `command` is not one of them. */
export async function activityCommand(
  command: string,
  args: string[],
  opts: { page?: string; limit?: string },
  token: string,
): Promise<number | null> {
  switch (command) {
    case 'sessions': {
      const { data } = await call('GET', '/api/merchant/seckill/sessions', token);
      for (const s of data.list as SessionDto[])
        console.log(`#${s.seckill_time_id}  ${s.title}  ${s.start_time}:00-${s.end_time}:00  ${s.state}`);
      return 0;
    }
    case 'seckills': {
      const q = new URLSearchParams({
        status: args[0] ?? 'all',
        keyword: args.slice(1).join(' '),
        page: opts.page ?? '1',
        limit: opts.limit ?? '20',
      });
      const { data } = await call('GET', `/api/merchant/seckill/lst?${q}`, token);
      console.log(`${data.count} flash sale(s)`);
      for (const s of data.list as MerchantSeckillItem[]) printItem(s);
      return 0;
    }
    case 'seckill': {
      const { data } = await call('GET', `/api/merchant/seckill/detail/${positiveId(args[0], 'product_id')}`, token);
      printOffer(data as MerchantSeckillDto);
      return 0;
    }
    case 'seckill-add': {
      const { message, data } = await call('POST', '/api/merchant/seckill/create', token, await readJsonFile(args[0], 'flash sale'));
      console.log(message);
      printOffer(data as MerchantSeckillDto);
      return 0;
    }
    case 'seckill-edit': {
      const id = positiveId(args[0], 'product_id');
      const { message, data } = await call('POST', `/api/merchant/seckill/update/${id}`, token, await readJsonFile(args[1], 'flash sale'));
      console.log(message);
      printOffer(data as MerchantSeckillDto);
      return 0;
    }
    case 'seckill-on':
    case 'seckill-off': {
      const id = positiveId(args[0], 'product_id');
      const { message } = await call('POST', `/api/merchant/seckill/status/${id}`, token, { status: command === 'seckill-on' ? 1 : 0 });
      console.log(`${message}：秒杀商品 #${id}`);
      return 0;
    }
    case 'seckill-stock': {
      const id = positiveId(args[0], 'product_id');
      const { message, data } = await call('POST', `/api/merchant/seckill/update/${id}`, token, { attrValue: stockMoves(args.slice(1)) });
      console.log(message);
      printOffer(data as MerchantSeckillDto);
      return 0;
    }
    case 'presells': {
      const q = new URLSearchParams({
        status: args[0] ?? 'all',
        keyword: args.slice(2).join(' '),
        page: opts.page ?? '1',
        limit: opts.limit ?? '20',
      });
      if (args[1] && args[1] !== 'all') q.set('type', args[1]);
      const { data } = await call('GET', `/api/merchant/presell/lst?${q}`, token);
      console.log(`${data.count} presale(s)`);
      for (const p of data.list as MerchantPresellItem[]) printPresellItem(p);
      return 0;
    }
    case 'presell': {
      const { data } = await call('GET', `/api/merchant/presell/detail/${positiveId(args[0], 'product_presell_id')}`, token);
      printPresell(data as MerchantPresellDto);
      return 0;
    }
    case 'presell-add': {
      const { message, data } = await call('POST', '/api/merchant/presell/create', token, await readJsonFile(args[0], 'presale'));
      console.log(message);
      printPresell(data as MerchantPresellDto);
      return 0;
    }
    case 'presell-edit': {
      const id = positiveId(args[0], 'product_presell_id');
      const { message, data } = await call('POST', `/api/merchant/presell/update/${id}`, token, await readJsonFile(args[1], 'presale'));
      console.log(message);
      printPresell(data as MerchantPresellDto);
      return 0;
    }
    case 'presell-on':
    case 'presell-off': {
      const id = positiveId(args[0], 'product_presell_id');
      const { message } = await call('POST', `/api/merchant/presell/status/${id}`, token, { status: command === 'presell-on' ? 1 : 0 });
      console.log(`${message}：预售商品 #${id}`);
      return 0;
    }
    case 'presell-stock': {
      const id = positiveId(args[0], 'product_presell_id');
      const attrValue = stockMoves(args.slice(1), 'presell-stock <product_presell_id>');
      const { message, data } = await call('POST', `/api/merchant/presell/update/${id}`, token, { attrValue });
      console.log(message);
      printPresell(data as MerchantPresellDto);
      return 0;
    }
    default:
      return null;
  }
}
