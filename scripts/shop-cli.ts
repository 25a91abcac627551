/**
 * The merchant CLI's shop commands (`/api/merchant/store/...`): shop, shop-set, categories, category-add,
 * category-edit, category-delete.
 */
import { CliError, call, positiveId } from './cli.ts';
import { SHOP_SETTING_FIELDS } from '../src/shared/schemas/merchant-api.ts';
import type { ShopSettingsDto } from '../src/server/services/merchant-api/shop-settings.ts';
import type { ShopCategoryDto } from '../src/server/services/merchant-api/shop-categories.ts';

export const SHOP_USAGE = `  shop                                     the shop's settings (profile, pictures, customer service, return address, pickup)
  shop-set <field> <value>                 change one setting ('' clears it); fields: ${SHOP_SETTING_FIELDS.join(', ')}
  categories                               the shop's own product categories, with product counts
  category-add <name> [parent_id]          a new category (under one of the shop's top-level categories)
  category-edit <category_id> <name>       rename a category
  category-delete <category_id>            delete a category without children (its products are no longer filed there)`;

/** What each setting is called, in the order shown. */
const LABELS: Record<keyof ShopSettingsDto, string> = {
  mer_id: '店铺ID',
  mer_name: '店铺名称',
  mer_info: '店铺简介',
  mer_keyword: '店铺关键词',
  service_phone: '客服电话',
  notice_phone: '订单提醒手机号（新订单、售后短信）',
  services_type: '客服方式',
  mer_address: '店铺地址（默认退货地址）',
  allow_take: '到店自提',
  take_address: '自提点地址',
  take_phone: '自提点电话',
  take_hours: '自提营业时间',
  mer_avatar: '店铺头像',
  mer_banner: '店铺横幅',
  banners: '首页轮播图（逗号分隔）',
};

function printShop(s: ShopSettingsDto): void {
  for (const [key, label] of Object.entries(LABELS) as [keyof ShopSettingsDto, string][]) {
    let value = String(s[key]);
    if (key === 'services_type') value = s.services_type === 1 ? '1 仅电话客服' : '0 在线客服';
    if (key === 'allow_take') value = s.allow_take === 1 ? '1 开启' : '0 关闭';
    const settable = (SHOP_SETTING_FIELDS as readonly string[]).includes(key) ? key : `${key}（只读）`;
    console.log(`${label}：${value || '-'}    [${settable}]`);
  }
}

const line = (c: ShopCategoryDto) =>
  `#${c.store_category_id}  ${c.cate_name}  ${c.product_count} 个商品  排序 ${c.sort}${c.is_show ? '' : '  【已隐藏】'}`;

/** Runs one shop command; `null` when `command` is not one of them. */
export async function shopCommand(command: string, args: string[], token: string): Promise<number | null> {
  switch (command) {
    case 'shop': {
      const { data } = await call('GET', '/api/merchant/store/info', token);
      printShop(data as ShopSettingsDto);
      return 0;
    }
    case 'shop-set': {
      const [field, ...words] = args;
      if (!field || !words.length || !(SHOP_SETTING_FIELDS as readonly string[]).includes(field))
        throw new CliError(`usage: shop-set <field> <value> ('' clears it); fields: ${SHOP_SETTING_FIELDS.join(', ')}`);
      const { message, data } = await call('POST', '/api/merchant/store/update', token, { [field]: words.join(' ') });
      console.log(message);
      printShop(data as ShopSettingsDto);
      return 0;
    }
    case 'categories': {
      const { data } = await call('GET', '/api/merchant/store/category/lst', token);
      console.log(`${data.count} category(ies)`);
      for (const c of data.list as ShopCategoryDto[]) {
        console.log(line(c));
        for (const child of c.children) console.log(`    ${line(child)}`);
      }
      return 0;
    }
    case 'category-add': {
      const [name, parent] = args;
      if (!name || args.length > 2) throw new CliError('usage: category-add <name> [parent_id]');
      const body = { cate_name: name, pid: parent === undefined ? 0 : Number(positiveId(parent, 'parent_id')) };
      const { message, data } = await call('POST', '/api/merchant/store/category/create', token, body);
      console.log(`${message}：${line(data as ShopCategoryDto)}${data.pid ? `（上级 #${data.pid}）` : ''}`);
      return 0;
    }
    case 'category-edit': {
      const id = positiveId(args[0], 'category_id');
      if (args.length < 2) throw new CliError('usage: category-edit <category_id> <name>');
      const { message, data } = await call('POST', `/api/merchant/store/category/update/${id}`, token, {
        cate_name: args.slice(1).join(' '),
      });
      console.log(`${message}：${line(data as ShopCategoryDto)}`);
      return 0;
    }
    case 'category-delete': {
      const { message, data } = await call('POST', `/api/merchant/store/category/delete/${positiveId(args[0], 'category_id')}`, token, {});
      console.log(`${message}：#${data.store_category_id}，${data.products} 个商品不再归入该分类`);
      return 0;
    }
    default:
      return null;
  }
}
