/**
 * The merchant CLI's order-form commands (`/api/merchant/form`, `/api/merchant/product/form`): forms, form-add,
 * form-edit, form-delete, product-form. A form is written as JSON (shared/order-form.ts), for example
 *   {"name": "礼品定制", "value": [{"key": "packing", "type": "radio", "title": "包装方式", "required": true,
 *     "options": ["简约环保包装", "礼盒包装"]}, {"key": "card", "type": "textarea", "title": "贺卡祝福语", "required": false}]}
 */
import { CliError, call, positiveId, readJsonFile } from './cli.ts';
import { answerText, FORM_FIELD_LABEL, type FormField, type OrderExtendItem } from '../src/shared/order-form.ts';

export const FORM_USAGE = `  forms                                    the shop's order forms and how many products ask for each
  form-add <file.json | ->                 a new order form from JSON {name, value: [fields]} (- reads standard input)
  form-edit <form_id> <file.json | ->      replace a form's name and fields (orders keep what they were asked)
  form-delete <form_id>                    delete a form (its products no longer ask for it)
  product-form <product_id> <form_id | 0>  which form a checkout of the product asks for (0: none)`;

interface Form {
  form_id: number;
  name: string;
  value: FormField[];
  product_count: number;
  update_time: string;
}

function printForm(f: Form): void {
  console.log(`#${f.form_id}  ${f.name}  ${f.product_count} 个商品使用  更新于 ${f.update_time}`);
  for (const x of f.value) {
    const extra = x.options ? `：${x.options.join(' / ')}` : x.type === 'image' ? `（最多${x.max ?? 1}张）` : '';
    console.log(`    ${x.key}  ${x.title}  [${FORM_FIELD_LABEL[x.type] ?? x.type}]${x.required ? ' 必填' : ''}${extra}`);
  }
}

/** The answers of an order (merchant `detail` and `orders`). */
export function printAnswers(items: OrderExtendItem[] | undefined): void {
  if (!items?.length) return;
  console.log('    订单信息：');
  for (const a of items) console.log(`      ${a.title}：${answerText(a)}`);
}

/** Runs one form command; `null` when `command` is not one of them. */
export async function formCommand(command: string, args: string[], token: string): Promise<number | null> {
  switch (command) {
    case 'forms': {
      const { data } = await call('GET', '/api/merchant/form/lst', token);
      console.log(`${data.count} form(s)`);
      for (const f of data.list as Form[]) printForm(f);
      return 0;
    }
    case 'form-add': {
      const { message, data } = await call('POST', '/api/merchant/form/create', token, await readJsonFile(args[0], 'form'));
      console.log(message);
      printForm(data as Form);
      return 0;
    }
    case 'form-edit': {
      const id = positiveId(args[0], 'form_id');
      const { message, data } = await call('POST', `/api/merchant/form/update/${id}`, token, await readJsonFile(args[1], 'form'));
      console.log(message);
      printForm(data as Form);
      return 0;
    }
    case 'form-delete': {
      const { message, data } = await call('POST', `/api/merchant/form/delete/${positiveId(args[0], 'form_id')}`, token, {});
      console.log(`${message}：#${data.form_id}，${data.products} 个商品不再使用`);
      return 0;
    }
    case 'product-form': {
      const id = positiveId(args[0], 'product_id');
      if (!args[1] || !/^\d{1,10}$/.test(args[1])) throw new CliError('usage: product-form <product_id> <form_id | 0>');
      const { message, data } = await call('POST', `/api/merchant/product/form/${id}`, token, { mer_form_id: Number(args[1]) });
      console.log(`${message}：商品 #${data.product_id} ${data.mer_form_id ? `使用表单 #${data.mer_form_id}` : '不使用表单'}`);
      return 0;
    }
    default:
      return null;
  }
}
