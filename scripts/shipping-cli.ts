/**
 * The merchant CLI's shipping-template commands (`/api/merchant/shipping/...`): templates, template, template-add,
 * template-edit, template-delete. A template is written as JSON, for example (README "A shop's shipping templates")
 *   {"name": "按件计费（满99包邮）", "type": 1, "free_price": "99", "undelivered": [71, 81, 82],
 *    "region": [{"regions": [], "first": 1, "first_price": "8", "continue": 1, "continue_price": "2"},
 *               {"regions": [15, 54, 62, 63, 64, 65], "first": 1, "first_price": "15", "continue": 1, "continue_price": "5"}]}
 */
import { call, positiveId, readJsonFile } from './cli.ts';
import type { ShippingTemplateDto } from '../src/server/services/merchant-api/shipping-templates.ts';

export const SHIPPING_USAGE = `  templates                                the shop's shipping templates, their rules and how many products use each
  template <temp_id>                       one shipping template
  template-add <file.json | ->             a new shipping template from JSON {name, type, free_price, undelivered, region} (- reads standard input)
  template-edit <temp_id> <file.json | ->  replace a template whole (products using it charge the new rules at once)
  template-delete <temp_id>                delete a template no product uses`;

function printTemplate(t: ShippingTemplateDto): void {
  const unit = t.type === 2 ? 'kg' : '件';
  const free = t.free_price === '0.00' ? '' : `  满¥${t.free_price}包邮`;
  console.log(`#${t.temp_id}  ${t.name}  [${t.type === 2 ? '按重量' : '按件数'}]${free}  ${t.product_count} 个商品使用`);
  for (const r of t.region) {
    const where = r.regions.length ? r.region_name.join('、') : '默认（其他地区）';
    console.log(`    ${where}：首${r.first}${unit} ¥${r.first_price}，每增加${r.continue}${unit} ¥${r.continue_price}`);
  }
  if (t.undelivered.length) console.log(`    不配送：${t.undelivered_name.join('、')}`);
}

/** Runs one shipping-template command; `null` when `command` is not one of them. */
export async function shippingCommand(command: string, args: string[], token: string): Promise<number | null> {
  switch (command) {
    case 'templates': {
      const { data } = await call('GET', '/api/merchant/shipping/lst', token);
      console.log(`${data.count} template(s)`);
      for (const t of data.list as ShippingTemplateDto[]) printTemplate(t);
      return 0;
    }
    case 'template': {
      const { data } = await call('GET', `/api/merchant/shipping/detail/${positiveId(args[0], 'temp_id')}`, token);
      printTemplate(data as ShippingTemplateDto);
      return 0;
    }
    case 'template-add': {
      const { message, data } = await call('POST', '/api/merchant/shipping/create', token, await readJsonFile(args[0], 'template'));
      console.log(message);
      printTemplate(data as ShippingTemplateDto);
      return 0;
    }
    case 'template-edit': {
      const id = positiveId(args[0], 'temp_id');
      const { message, data } = await call('POST', `/api/merchant/shipping/update/${id}`, token, await readJsonFile(args[1], 'template'));
      console.log(message);
      printTemplate(data as ShippingTemplateDto);
      return 0;
    }
    case 'template-delete': {
      const { message, data } = await call('POST', `/api/merchant/shipping/delete/${positiveId(args[0], 'temp_id')}`, token, {});
      console.log(`${message}：#${data.temp_id}`);
      return 0;
    }
    default:
      return null;
  }
}
