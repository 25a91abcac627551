import { z } from './zod.ts';
import { asList, blank, noControlChars, numberAsText, numberInput, orDefault } from './common.ts';
import { parseYuan } from '../money.ts';

/**
 * Input of the merchant API's shipping-template calls (`/api/merchant/shipping/...`): a shop's own templates
 * (运费模板), written whole. Amounts are yuan strings (two decimals at most) like everywhere in the API; `first` and
 * `continue` are pieces (type 1, whole numbers) or kilograms (type 2, two decimals at most), as checkout counts them.
 * Province codes are the address data's two-digit codes (GB/T 2260: 11 北京, 65 新疆; 71 台湾, 81 香港, 82 澳门);
 * whether a code is real is the service's check (the region data lives on the server).
 */

/** How a template charges: 1 by the number of pieces, 2 by weight (kg). */
export const SHIPPING_TYPES = { 1: '按件数', 2: '按重量' } as const;

export const SHIPPING_LIMITS = {
  name: 30,
  /** Rules of one template: a default one and at most one per province. */
  rules: 35,
  provinces: 40,
  /** Largest `first` / `continue`: pieces, or kg. */
  units: 9999,
} as const;

export const SHIPPING_TEXT = {
  type: '计费方式只能是1（按件数）或2（按重量）',
  noDefault: '请设置一条默认运费规则（regions 为空，适用于其他所有地区）',
  twoDefaults: '默认运费规则只能有一条（regions 为空的规则）',
  repeated: (code: number) => `省份${code}出现在多条运费规则中，每个省份只能属于一条规则`,
  undeliveredRule: (code: number) => `省份${code}已设为不配送，不能再设置运费规则`,
  wholePieces: (field: string) => `按件数计费时${field}必须是整数件`,
} as const;

/** A yuan amount → cents (two decimals at most), ≤ 999999.99. */
const yuan = (name: string) =>
  z.preprocess(
    (v) => (blank(v) ? undefined : typeof v === 'string' || typeof v === 'number' ? (parseYuan(v) ?? Number.NaN) : Number.NaN),
    z
      .number({ error: `${name}格式不正确，须为不小于0的金额，最多两位小数` })
      .int()
      .min(0, `${name}不能小于0`)
      .max(99_999_999, `${name}不能超过999999.99元`),
  );

/** Pieces or kilograms: more than 0, two decimals at most (whole pieces are checked against the type). */
const units = (name: string) =>
  z.preprocess(
    numberAsText,
    z
      .string({ error: `请填写${name}` })
      .trim()
      .regex(/^\d{1,4}(\.\d{1,2})?$/, `${name}格式不正确，须为大于0的数，最多两位小数`)
      .transform(Number)
      .refine((n) => n > 0, `${name}必须大于0`),
  );

/** A province code as a positive two-digit number (also as text); whether it exists is checked by the service. */
const province = z.preprocess(
  numberInput,
  z.coerce
    .number({ error: '省份代码格式不正确' })
    .int('省份代码格式不正确')
    .min(10, '省份代码格式不正确，应为两位数字，如 11（北京）')
    .max(99, '省份代码格式不正确，应为两位数字，如 11（北京）'),
);

/** A list of province codes (an array, one code or "11,12"), duplicates dropped. */
const provinces = (name: string) =>
  z.preprocess(
    asList,
    z
      .array(province, { error: `${name}格式不正确` })
      .max(SHIPPING_LIMITS.provinces, `${name}最多${SHIPPING_LIMITS.provinces}个省份`)
      .transform((a) => [...new Set(a)]),
  );

/** One price rule: `regions` (province codes; [] the default rule for every other region), first and further units. */
const rule = z.object(
  {
    regions: provinces('指定地区'),
    first: units('首件（首重）'),
    first_price: yuan('首费'),
    continue: units('续件（续重）'),
    continue_price: yuan('续费'),
  },
  { error: '运费规则格式不正确' },
);

/**
 * Body of `POST /api/merchant/shipping/create` and `/update/{id}`: the whole template. Exactly one rule has no
 * regions (the default); a province is in at most one rule and not both undelivered and priced.
 */
export const shippingTemplateBody = z
  .object({
    name: z.preprocess(
      numberAsText,
      z
        .string({ error: '请填写模板名称' })
        .trim()
        .min(1, '请填写模板名称')
        .max(SHIPPING_LIMITS.name, `模板名称不能超过${SHIPPING_LIMITS.name}个字`)
        .refine(...noControlChars('模板名称')),
    ),
    type: orDefault(
      1,
      z.preprocess(
        (v) => (typeof v === 'string' && /^\s*[12]\s*$/.test(v) ? Number(v) : v),
        z.union([z.literal(1), z.literal(2)], { error: SHIPPING_TEXT.type }),
      ),
    ),
    free_price: orDefault(0, yuan('包邮金额')),
    undelivered: provinces('不配送地区'),
    region: z.preprocess(
      (v) => (blank(v) ? [] : v),
      z
        .array(rule, { error: '运费规则格式不正确，应为列表' })
        .min(1, SHIPPING_TEXT.noDefault)
        .max(SHIPPING_LIMITS.rules, `运费规则最多${SHIPPING_LIMITS.rules}条`),
    ),
  })
  .superRefine((b, ctx) => {
    const problem = (message: string) => ctx.addIssue({ code: 'custom', message });
    const defaults = b.region.filter((r) => r.regions.length === 0).length;
    if (defaults === 0) return problem(SHIPPING_TEXT.noDefault);
    if (defaults > 1) return problem(SHIPPING_TEXT.twoDefaults);
    const seen = new Set<number>();
    for (const r of b.region)
      for (const code of r.regions) {
        if (seen.has(code)) return problem(SHIPPING_TEXT.repeated(code));
        if (b.undelivered.includes(code)) return problem(SHIPPING_TEXT.undeliveredRule(code));
        seen.add(code);
      }
    if (b.type === 1)
      for (const r of b.region) {
        if (!Number.isInteger(r.first)) return problem(SHIPPING_TEXT.wholePieces('首件'));
        if (!Number.isInteger(r.continue)) return problem(SHIPPING_TEXT.wholePieces('续件'));
      }
  });
export type ShippingTemplateBody = z.output<typeof shippingTemplateBody>;
