import { z } from './zod.ts';
import { numberInput } from './common.ts';
import { CHOICE_TYPES, FORM_FIELD_TYPES, FORM_LIMITS, type FormField } from '../order-form.ts';

/**
 * A shop's order form as the merchant API takes it (`POST /api/merchant/form/create` and `update/{id}`): a name and
 * 1-30 fields (shared/order-form.ts). Every problem is a 400 naming the field, in Chinese.
 */

const label = (n: number) => `第${n + 1}个字段`;

const field = z.object(
  {
    key: z
      .string({ error: '字段标识格式不正确' })
      .trim()
      .regex(/^[a-z][a-z0-9_]{0,31}$/, '字段标识须以小写字母开头，只含小写字母、数字和下划线，最多32个字符'),
    type: z.enum(FORM_FIELD_TYPES, { error: `字段类型不正确，可选：${FORM_FIELD_TYPES.join('、')}` }),
    title: z
      .string({ error: '字段名称格式不正确' })
      .trim()
      .min(1, '请填写字段名称')
      .max(FORM_LIMITS.title, `字段名称不能超过${FORM_LIMITS.title}个字`),
    required: z.preprocess(
      (v) => (v === undefined || v === null ? false : v === 1 || v === '1' ? true : v === 0 || v === '0' ? false : v),
      z.boolean({ error: '是否必填格式不正确' }),
    ),
    options: z
      .array(
        z
          .string({ error: '选项格式不正确' })
          .trim()
          .min(1, '选项不能为空')
          .max(FORM_LIMITS.option, `选项不能超过${FORM_LIMITS.option}个字`),
        { error: '选项格式不正确' },
      )
      .max(FORM_LIMITS.options, `选项最多${FORM_LIMITS.options}个`)
      .optional(),
    placeholder: z
      .string({ error: '提示文字格式不正确' })
      .trim()
      .max(FORM_LIMITS.placeholder, `提示文字不能超过${FORM_LIMITS.placeholder}个字`)
      .optional(),
    /** How many pictures an image field takes; checked for image fields only (others have no use for it). */
    max: z.unknown().optional(),
  },
  { error: '字段格式不正确' },
);

const imageMax = z.preprocess(
  numberInput,
  z.coerce
    .number({ error: '图片数量格式不正确' })
    .int('图片数量格式不正确')
    .min(1, `图片数量须在1到${FORM_LIMITS.images}之间`)
    .max(FORM_LIMITS.images, `图片数量须在1到${FORM_LIMITS.images}之间`),
);

export const orderFormBody = z.object({
  name: z
    .string({ error: '请填写表单名称' })
    .trim()
    .min(1, '请填写表单名称')
    .max(FORM_LIMITS.name, `表单名称不能超过${FORM_LIMITS.name}个字`),
  value: z
    .array(field, { error: '表单字段格式不正确' })
    .min(1, '表单至少要有一个字段')
    .max(FORM_LIMITS.fields, `表单最多${FORM_LIMITS.fields}个字段`)
    .transform((list, ctx): FormField[] => {
      const keys = new Set<string>();
      return list.map((f, i) => {
        if (keys.has(f.key)) ctx.addIssue({ code: 'custom', message: `${label(i)}的标识「${f.key}」重复` });
        keys.add(f.key);
        const choice = CHOICE_TYPES.includes(f.type);
        if (choice && (!f.options || f.options.length < 2))
          ctx.addIssue({ code: 'custom', message: `${label(i)}「${f.title}」至少要有两个选项` });
        if (choice && f.options && new Set(f.options).size !== f.options.length) {
          ctx.addIssue({ code: 'custom', message: `${label(i)}「${f.title}」的选项重复` });
        }
        let max = 1;
        if (f.type === 'image' && f.max !== undefined) {
          const n = imageMax.safeParse(f.max);
          if (n.success) max = n.data;
          else ctx.addIssue({ code: 'custom', message: n.error.issues[0]!.message });
        }
        // Only what the type uses is kept.
        return {
          key: f.key,
          type: f.type,
          title: f.title,
          required: f.required,
          ...(choice ? { options: f.options } : {}),
          ...(f.placeholder && ['text', 'textarea', 'number', 'phone', 'id_card', 'email'].includes(f.type)
            ? { placeholder: f.placeholder }
            : {}),
          ...(f.type === 'image' ? { max } : {}),
        };
      });
    }),
});
export type OrderFormBody = z.input<typeof orderFormBody>;

/** `POST /api/merchant/product/form/{product_id}` `{mer_form_id}`: 0 takes the form off the product. */
export const productFormBody = z.object({
  mer_form_id: z.preprocess(
    numberInput,
    z.coerce.number({ error: '表单ID格式不正确' }).int('表单ID格式不正确').min(0, '表单ID格式不正确').max(2147483647, '表单ID格式不正确'),
  ),
});
