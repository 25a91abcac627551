/**
 * The merchant CLI's product commands (`/api/merchant/product`, `/api/merchant/upload/image`): products, product,
 * product-json, product-add, product-edit, on-sale, off-sale, stock, upload. A product is written as JSON, as
 * `POST /api/merchant/product/create` takes it (README, "A shop's products"); `product-json <id>` prints an existing
 * one that way, to edit and send back with `product-edit`.
 */
import { CliError, call, positiveId, readJsonFile, uploadPicture } from './cli.ts';
import type { MerchantProductDto, MerchantProductItem } from '../src/server/services/merchant-api/products.ts';

export const PRODUCT_USAGE = `  products [status] [keyword]              the shop's products; status: all (default), 1 on sale, 0 off the shelf, sold_out
  product <product_id>                     one product with its SKUs (unique, spec, price, stock, sales)
  product-json <product_id>                the product as JSON for product-edit (> file.json, edit, send back)
  product-add <file.json | ->              a new product from JSON {store_name, cate_id, image, attr, attrValue, ...}
  product-edit <product_id> <file.json | ->   the whole product anew (SKUs with the same spec values keep their unique)
  on-sale <product_id> | off-sale <product_id>   put a product on the shelf or take it off
  stock <product_id> <unique> <n | +n | -n> [<unique> <n> ...]   set a SKU's stock (n) or change it (+n, -n)
  upload <picture file>                    upload a picture (JPEG, PNG, WebP, GIF, 5 MB) for the shop's products: prints its path`;

const STATUS = ['已下架', '在售'];

function printItem(p: MerchantProductItem): void {
  const sold = p.status === 1 && p.stock === 0 ? ' 已售罄' : '';
  console.log(
    `#${p.product_id}  ${p.store_name}  ¥${p.price}  库存 ${p.stock}  销量 ${p.sales}  ${STATUS[p.status] ?? p.status}${sold}  ${p.sku_count} 个SKU`,
  );
}

function printProduct(p: MerchantProductDto): void {
  printItem(p);
  console.log(`    分类 ${p.cate_id}  单位 ${p.unit_name}  主图 ${p.image}${p.temp_id ? `  运费模板 ${p.temp_id}` : '  包邮'}`);
  for (const a of p.attr) console.log(`    ${a.value}：${a.detail.join(' / ')}`);
  if (p.params.length) console.log(`    参数：${p.params.map((x) => `${x.name} ${x.value}`).join('，')}`);
  for (const s of p.attrValue) {
    console.log(`    ${s.unique}  ${s.sku || '默认'}  ¥${s.price}（原价 ¥${s.ot_price}）  库存 ${s.stock}  销量 ${s.sales}`);
  }
}

/** The product as the create and update calls take it (what the mall adds, such as sales and uniques, left out). */
function editable(p: MerchantProductDto) {
  return {
    store_name: p.store_name,
    store_info: p.store_info,
    keyword: p.keyword,
    unit_name: p.unit_name,
    cate_id: p.cate_id,
    mer_cate_id: p.mer_cate_id,
    brand_id: p.brand_id,
    temp_id: p.temp_id,
    image: p.image,
    slider_image: p.slider_image,
    content: p.content,
    once_min_count: p.once_min_count,
    once_max_count: p.once_max_count,
    refund_switch: p.refund_switch,
    status: p.status,
    spec_type: p.spec_type,
    attr: p.attr,
    params: p.params,
    attrValue: p.attrValue.map((s) => ({
      detail: s.detail,
      price: s.price,
      ot_price: s.ot_price,
      stock: s.stock,
      image: s.image,
      bar_code: s.bar_code,
      weight: s.weight,
      volume: s.volume,
    })),
  };
}

/** `stock` arguments: pairs of a SKU's unique and `n` (set) or `+n` / `-n` (change). */
function stockList(args: string[]): { unique: string; stock?: number; add?: number }[] {
  if (!args.length || args.length % 2) throw new CliError('usage: stock <product_id> <unique> <n | +n | -n> [<unique> <n> ...]');
  const list = [];
  for (let i = 0; i < args.length; i += 2) {
    const [unique, n] = [args[i]!, args[i + 1]!];
    if (!/^[+-]?\d{1,8}$/.test(n)) throw new CliError(`stock of ${unique} must be a number, +number or -number`);
    list.push(/^[+-]/.test(n) ? { unique, add: Number(n) } : { unique, stock: Number(n) });
  }
  return list;
}

/** Runs one product command; `null` when `command` is not one of them. */
export async function productCommand(
  command: string,
  args: string[],
  opts: { page?: string; limit?: string },
  token: string,
): Promise<number | null> {
  switch (command) {
    case 'products': {
      const q = new URLSearchParams({
        status: args[0] ?? 'all',
        keyword: args.slice(1).join(' '),
        page: opts.page ?? '1',
        limit: opts.limit ?? '20',
      });
      const { data } = await call('GET', `/api/merchant/product/lst?${q}`, token);
      console.log(`${data.count} product(s)`);
      for (const p of data.list as MerchantProductItem[]) printItem(p);
      return 0;
    }
    case 'product': {
      const { data } = await call('GET', `/api/merchant/product/detail/${positiveId(args[0], 'product_id')}`, token);
      printProduct(data as MerchantProductDto);
      return 0;
    }
    case 'product-json': {
      const { data } = await call('GET', `/api/merchant/product/detail/${positiveId(args[0], 'product_id')}`, token);
      console.log(JSON.stringify(editable(data as MerchantProductDto), null, 2));
      return 0;
    }
    case 'product-add': {
      const { message, data } = await call('POST', '/api/merchant/product/create', token, await readJsonFile(args[0], 'product'));
      console.log(message);
      printProduct(data as MerchantProductDto);
      return 0;
    }
    case 'product-edit': {
      const id = positiveId(args[0], 'product_id');
      const { message, data } = await call('POST', `/api/merchant/product/update/${id}`, token, await readJsonFile(args[1], 'product'));
      console.log(message);
      printProduct(data as MerchantProductDto);
      return 0;
    }
    case 'on-sale':
    case 'off-sale': {
      const id = positiveId(args[0], 'product_id');
      const { message } = await call('POST', `/api/merchant/product/status/${id}`, token, { status: command === 'on-sale' ? 1 : 0 });
      console.log(`${message}：商品 #${id}`);
      return 0;
    }
    case 'stock': {
      const id = positiveId(args[0], 'product_id');
      const { message, data } = await call('POST', `/api/merchant/product/stock/${id}`, token, { list: stockList(args.slice(1)) });
      console.log(`${message}：商品 #${id} 共 ${data.stock} 件`);
      for (const s of data.attrValue as { unique: string; stock: number }[]) console.log(`    ${s.unique}  库存 ${s.stock}`);
      return 0;
    }
    case 'upload': {
      const { data } = await uploadPicture(args[0], '/api/merchant/upload/image', token);
      console.log(`${data.path}  ${data.width}×${data.height}`);
      return 0;
    }
    default:
      return null;
  }
}
