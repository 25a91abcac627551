import { z } from './zod.ts';
import { blank, numberInput, numberOrDefault, optional } from './common.ts';
import { paged, idField, type QueryInput } from './catalogue.ts';

/**
 * Delivery addresses (reference `/user/address_list` and the `/order_confirm` address block), shared by the
 * address form and the server. The form checks what it can; the server re-validates everything and also checks
 * what only it knows: the region path against the region data and the phone number for the country.
 */
export const ADDRESS_LIMIT = 50;
/** Mainland China: the country whose addresses carry the 4-level region path. */
export const MAINLAND = 'CN';

export const addressText = {
  notFound: '地址不存在',
  limit: `最多可添加${ADDRESS_LIMIT}个地址`,
  realName: '请填写收货人姓名',
  phone: '请填写手机号码',
  phoneFormat: '请输入正确的手机号码',
  country: '请选择正确的国家/地区',
  area: '请选择所在地区',
  areaInvalid: '所选地区不存在，请重新选择',
  areaIncomplete: '请选择完整的所在地区（省/市/区县/街道）',
  province: '请填写省/州/地区',
  city: '请填写城市',
  postCode: '请填写邮政编码',
  postCodeFormat: '请输入正确的邮政编码',
  detail: '请填写详细地址',
  created: '添加成功',
  updated: '修改成功',
  defaultSet: '设置成功',
  deleted: '删除成功',
} as const;

/**
 * Countries without a postal code system (the postcode field is optional there): Hong Kong and Macao, the
 * Gulf states and others that deliver by address alone.
 */
export const NO_POSTCODE_COUNTRIES: ReadonlySet<string> = new Set(
  `AE AG AO AW BF BI BJ BO BS BW BZ CD CF CG CI CK CM DJ DM ER FJ GA GD GH GM GQ GY HK KI KM KN KP
   LY ML MO MR MW NR NU QA RW SB SC SL SR ST SY TF TG TK TL TO TV UG VU YE ZW`.split(/\s+/),
);
export const needsPostCode = (country: string) => country !== MAINLAND && !NO_POSTCODE_COUNTRIES.has(country);

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what the check refuses
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** Length in characters as the shopper counts them (an emoji is one, not two UTF-16 units). */
const chars = (s: string) => Array.from(s).length;

/**
 * A one-line text field called `label`: trimmed, no control characters, at most `max` characters; missing is ''.
 * With `required` (its message) it must not be empty. Numbers are taken as text (a phone sent as a JSON number).
 */
function line(label: string, max: number, opts: { required?: string; tooLong?: string } = {}) {
  const text = z
    .string({ error: `${label}格式不正确` })
    .trim()
    .refine((s) => !CONTROL.test(s), `${label}不能包含换行等特殊字符`)
    .refine((s) => chars(s) <= max, opts.tooLong ?? `${label}不能超过${max}个字`);
  const checked = opts.required ? text.refine((s) => s.length > 0, opts.required) : text;
  return z.preprocess((v) => (blank(v) ? '' : typeof v === 'number' ? String(v) : v), checked);
}

/** 0 or 1, also as `true`/`false` or '0'/'1'. */
const flag = z.preprocess(
  (v) => (v === true ? 1 : v === false ? 0 : numberOrDefault(0)(v)),
  z.coerce.number({ error: '参数错误' }).refine((n) => n === 0 || n === 1, '参数错误'),
);

/** One chosen region: its code. The name is shown by the client but taken from the region data, never trusted. */
const areaNode = z.object(
  {
    id: z.preprocess(
      numberInput,
      z.coerce
        .number({ error: addressText.areaInvalid })
        .int(addressText.areaInvalid)
        .min(1, addressText.areaInvalid)
        .max(999999999999, addressText.areaInvalid),
    ),
    name: optional(z.string({ error: addressText.areaInvalid }).max(100, addressText.areaInvalid)),
  },
  { error: addressText.areaInvalid },
);

/**
 * `POST /api/user/address/create`: `address_id` 0 adds, otherwise edits that address of the shopper. Mainland
 * addresses (`country` CN, the default) send `area[]`, province to street; `city_id` is derived from it (accepted
 * for the reference's clients, not trusted). Other countries send `province` (state or region), `city` and
 * `post_code`. Which fields are required for the country is checked by the service.
 */
export const addressInput = z.object({
  address_id: z.preprocess(
    numberOrDefault(0),
    z.coerce
      .number({ error: addressText.notFound })
      .int(addressText.notFound)
      .min(0, addressText.notFound)
      .max(2147483647, addressText.notFound),
  ),
  country: z.preprocess(
    (v) => (blank(v) ? MAINLAND : typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.string({ error: addressText.country }).regex(/^[A-Z]{2}$/, addressText.country),
  ),
  area: z.preprocess((v) => (blank(v) ? [] : v), z.array(areaNode, { error: addressText.areaInvalid }).max(4, addressText.areaInvalid)),
  city_id: z.unknown().optional(),
  is_default: flag,
  real_name: line('收货人姓名', 25, { required: addressText.realName }),
  phone: line('手机号码', 30, { required: addressText.phone, tooLong: addressText.phoneFormat }),
  detail: line('详细地址', 120, { required: addressText.detail }),
  province: line('省/州/地区', 50),
  city: line('城市', 50),
  district: line('区县', 50),
  post_code: z.preprocess(
    (v) => (blank(v) ? '' : typeof v === 'number' ? String(v) : v),
    z
      .string({ error: addressText.postCodeFormat })
      .trim()
      .regex(/^([A-Za-z0-9][A-Za-z0-9 -]{0,10}[A-Za-z0-9]|[A-Za-z0-9]?)$/, addressText.postCodeFormat),
  ),
});
export type AddressInput = QueryInput<typeof addressInput>;

/** `GET /api/user/address/lst?page&limit`: every address fits one page of the default limit. */
export const addressListQuery = z.object({ ...paged(ADDRESS_LIMIT) });
export type AddressListQuery = QueryInput<typeof addressListQuery>;

/** `…/detail/{id}`, `…/update/{id}`, `…/delete/{id}`. */
export const addressIdInput = z.object({ id: idField('地址') });
export type AddressIdInput = QueryInput<typeof addressIdInput>;

/** `GET /api/v2/system/city/lst/{pid}`: a region code, 0 for the provinces. */
export const regionQuery = z.object({
  pid: z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,12}$/.test(v) ? Number(v) : v),
    z.number({ error: '地区编号不正确' }).int('地区编号不正确').min(0, '地区编号不正确').max(999999999999, '地区编号不正确'),
  ),
});
export type RegionQuery = QueryInput<typeof regionQuery>;
