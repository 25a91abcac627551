/**
 * Merchant custom order forms (reference checkout item 6, `mer_form_id` / `mer_form_info` / `extend` /
 * `order_extend`). A shop defines forms through the merchant API and puts one on a product; a checkout holding
 * that product shows the form, and the answers (`extend`, keyed by field `key`) are checked here, on the server at
 * create and in the browser before submitting. Isomorphic, no dependencies: the checkout island imports it.
 */
import { isEmail } from './invoice.ts';
import { isUploadRef } from './review.ts';

export const FORM_FIELD_TYPES = [
  'text',
  'textarea',
  'number',
  'phone',
  'id_card',
  'email',
  'radio',
  'select',
  'checkbox',
  'date',
  'time',
  'date_range',
  'time_range',
  'region',
  'image',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/** What each type is called in the merchant's words (errors, the CLI). */
export const FORM_FIELD_LABEL: Record<FormFieldType, string> = {
  text: '单行文本',
  textarea: '多行文本',
  number: '数字',
  phone: '手机号',
  id_card: '身份证号',
  email: '邮箱',
  radio: '单选',
  select: '下拉选择',
  checkbox: '多选',
  date: '日期',
  time: '时间',
  date_range: '日期范围',
  time_range: '时间范围',
  region: '地区',
  image: '图片',
};

/** Types whose answer is one of (or, for checkbox, some of) `options`. */
export const CHOICE_TYPES: readonly FormFieldType[] = ['radio', 'select', 'checkbox'];

export interface FormField {
  /** The answer's key in `extend`: a lower-case letter, then letters, digits or `_` (at most 32). */
  key: string;
  type: FormFieldType;
  /** The label shown to the shopper (at most 20 characters). */
  title: string;
  required: boolean;
  /** The choices of radio, select and checkbox (2-20, each at most 30 characters, no two alike). */
  options?: string[];
  /** A hint inside text inputs (at most 50 characters). */
  placeholder?: string;
  /** How many pictures an image field takes (1-6, 1 when absent). */
  max?: number;
}

/** `mer_form_info` of the check: the form the checkout asks for. */
export interface MerFormInfo {
  form_id: number;
  mer_id: number;
  name: string;
  value: FormField[];
}

/** One answer as kept on the order (`order_extend`): the field as it was when ordered, and the value. */
export interface OrderExtendItem {
  key: string;
  title: string;
  type: FormFieldType;
  /** Text for single answers; the choices for checkbox; [start, end] for ranges; picture paths for image. */
  value: string | string[];
}

export const FORM_LIMITS = { fields: 30, title: 20, name: 30, option: 30, options: 20, placeholder: 50, images: 6 } as const;
/** Longest answer of a single-line field, and of a textarea. */
export const ANSWER_MAX = { text: 100, textarea: 500 } as const;

export const FORM_TEXT = {
  required: (t: string) => `请填写「${t}」`,
  choose: (t: string) => `请选择「${t}」`,
  format: (t: string) => `「${t}」格式不正确`,
  tooLong: (t: string, n: number) => `「${t}」不能超过${n}个字`,
  notOption: (t: string) => `「${t}」的选项不存在`,
  range: (t: string) => `「${t}」的开始不能晚于结束`,
  incomplete: (t: string) => `请选择完整的「${t}」`,
  images: (t: string, n: number) => `「${t}」最多上传${n}张图片`,
  notOwnImage: (t: string) => `「${t}」的图片无效，请重新上传`,
  answers: '订单信息格式不正确',
  formsApart: '所选商品需要填写不同的订单信息，请分开下单',
} as const;

const blank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

const PHONE = /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8})$/;
const NUMBER = /^-?\d{1,12}(\.\d{1,6})?$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

export function isCalendarDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1900 && y <= 2200 && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

/**
 * A mainland resident identity card number (GB 11643-1999): 17 digits whose birth date (digits 7-14) is a real
 * date, and the check character of ISO 7064 MOD 11-2 (`x` may be typed in lower case).
 */
export function isIdCard(raw: string): boolean {
  const s = raw.trim().toUpperCase();
  if (!/^\d{17}[\dX]$/.test(s)) return false;
  if (!isCalendarDate(`${s.slice(6, 10)}-${s.slice(10, 12)}-${s.slice(12, 14)}`)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(s[i]) * ID_WEIGHTS[i]!;
  return s[17] === ID_CHECK[sum % 11];
}

export type AnswerCheck =
  | { ok: true; answers: OrderExtendItem[]; regions: Map<string, number[]> }
  | { ok: false; key: string; message: string };

const asText = (v: unknown): string | null =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : null;

/**
 * Checks `extend` against a form's fields: every required field answered, every answer of its field's kind. Keys
 * the form does not name are ignored. Region answers are region codes (province first) that the server turns into
 * names (`regions`, by key); the browser checks their shape only. Picture paths must be the upload API's; whether
 * they are the shopper's is the server's check.
 */
export function checkAnswers(fields: readonly FormField[], extend: unknown): AnswerCheck {
  if (extend !== undefined && extend !== null && (typeof extend !== 'object' || Array.isArray(extend))) {
    if (!(Array.isArray(extend) && extend.length === 0)) return { ok: false, key: '', message: FORM_TEXT.answers };
  }
  const given = (extend && !Array.isArray(extend) ? extend : {}) as Record<string, unknown>;
  const answers: OrderExtendItem[] = [];
  const regions = new Map<string, number[]>();
  for (const f of fields) {
    const raw = Object.hasOwn(given, f.key) ? given[f.key] : undefined;
    const fail = (message: string): AnswerCheck => ({ ok: false, key: f.key, message });
    const missing = f.type === 'region' || CHOICE_TYPES.includes(f.type) || f.type === 'image' ? FORM_TEXT.choose : FORM_TEXT.required;
    const empty = blank(typeof raw === 'string' ? raw.trim() : raw) || (Array.isArray(raw) && raw.every((x) => blank(x)));
    if (empty) {
      if (f.required) return fail(missing(f.title));
      continue;
    }
    let value: string | string[];
    switch (f.type) {
      case 'text':
      case 'textarea': {
        const s = asText(raw);
        if (s === null) return fail(FORM_TEXT.format(f.title));
        const max = ANSWER_MAX[f.type];
        if ([...s].length > max) return fail(FORM_TEXT.tooLong(f.title, max));
        value = s;
        break;
      }
      case 'number':
      case 'phone':
      case 'id_card':
      case 'email': {
        const s = asText(raw);
        const good =
          s !== null &&
          (f.type === 'number'
            ? NUMBER.test(s)
            : f.type === 'phone'
              ? PHONE.test(s)
              : f.type === 'email'
                ? s.length <= 100 && isEmail(s)
                : isIdCard(s));
        if (!good) return fail(FORM_TEXT.format(f.title));
        value = f.type === 'id_card' ? s!.toUpperCase() : s!;
        break;
      }
      case 'radio':
      case 'select': {
        const s = asText(raw);
        if (s === null || !f.options?.includes(s)) return fail(FORM_TEXT.notOption(f.title));
        value = s;
        break;
      }
      case 'checkbox': {
        const list = Array.isArray(raw) ? raw : [raw];
        if (!list.every((x) => typeof x === 'string' && f.options?.includes(x))) return fail(FORM_TEXT.notOption(f.title));
        // In the form's order, once each.
        value = (f.options ?? []).filter((o) => list.includes(o));
        break;
      }
      case 'date':
      case 'time': {
        const s = asText(raw);
        if (s === null || !(f.type === 'date' ? isCalendarDate(s) : TIME.test(s))) return fail(FORM_TEXT.format(f.title));
        value = s;
        break;
      }
      case 'date_range':
      case 'time_range': {
        const good = (x: unknown) => typeof x === 'string' && (f.type === 'date_range' ? isCalendarDate(x) : TIME.test(x));
        if (!Array.isArray(raw) || raw.length !== 2 || !raw.every(good)) {
          return fail(Array.isArray(raw) && raw.some((x) => blank(x)) ? FORM_TEXT.incomplete(f.title) : FORM_TEXT.format(f.title));
        }
        const [a, b] = raw as [string, string];
        if (a > b) return fail(FORM_TEXT.range(f.title));
        value = [a, b];
        break;
      }
      case 'region': {
        const ids = Array.isArray(raw) ? raw.map((x) => (typeof x === 'string' && /^\d{1,12}$/.test(x) ? Number(x) : x)) : null;
        if (!ids || ids.length > 4 || !ids.every((x) => typeof x === 'number' && Number.isSafeInteger(x) && x > 0)) {
          return fail(FORM_TEXT.format(f.title));
        }
        regions.set(f.key, ids as number[]);
        value = '';
        break;
      }
      case 'image': {
        const list = Array.isArray(raw) ? raw : [raw];
        const max = f.max ?? 1;
        if (!list.every((x) => typeof x === 'string' && isUploadRef(x))) return fail(FORM_TEXT.notOwnImage(f.title));
        if (new Set(list).size !== list.length) return fail(FORM_TEXT.notOwnImage(f.title));
        if (list.length > max) return fail(FORM_TEXT.images(f.title, max));
        value = list as string[];
        break;
      }
    }
    answers.push({ key: f.key, title: f.title, type: f.type, value });
  }
  return { ok: true, answers, regions };
}

/** An answer as one line of text (order pages, the merchant API's readers); pictures are shown as pictures. */
export function answerText(a: OrderExtendItem): string {
  if (!Array.isArray(a.value)) return a.value;
  if (a.type === 'date_range' || a.type === 'time_range') return `${a.value[0]} 至 ${a.value[1]}`;
  return a.value.join('、');
}
