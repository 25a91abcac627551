import { z } from './schemas/zod.ts';
import { idField, paged } from './schemas/catalogue.ts';
import { mainlandPhone } from './schemas/auth.ts';
import { asList, blankToUndefined, numberOrDefault } from './schemas/common.ts';
import { isUploadRef } from './review.ts';

/** Merchant applications (`/merchant_settled`, `/user/settle_record`; reference section 3: 0 pending, 1 approved, 2 rejected). */
export const INTENTION_STATUS = { pending: 0, approved: 1, rejected: 2 } as const;
export type IntentionStatus = (typeof INTENTION_STATUS)[keyof typeof INTENTION_STATUS];

export const INTENTION_STATUS_TEXT: Record<number, string> = { 0: '审核中', 1: '已通过', 2: '未通过' };

/** Licence and qualification pictures per application. */
export const INTENTION_MAX_IMAGES = 10;
export const INTENTION_PAGE_SIZE = 10;
export const MER_NAME_MIN = 2;
export const MER_NAME_MAX = 40;
export const CONTACT_MIN = 2;
export const CONTACT_MAX = 20;
export const FAIL_MSG_MAX = 200;

export const INTENTION_TEXT = {
  closed: '商户入驻暂未开放',
  merName: '请填写商户名称',
  merNameLength: `商户名称须为${MER_NAME_MIN}-${MER_NAME_MAX}个字`,
  name: '请填写联系人姓名',
  nameLength: `联系人姓名须为${CONTACT_MIN}-${CONTACT_MAX}个字`,
  code: '请填写验证码',
  codeFormat: '请输入正确的验证码',
  category: '请选择商户分类',
  categoryMissing: '商户分类不存在，请重新选择',
  type: '请选择店铺类型',
  typeMissing: '店铺类型不存在，请重新选择',
  typeClosed: '该店铺类型不接受入驻申请，请重新选择',
  images: '请上传营业执照等资质图片',
  imagesInvalid: '资质图片无效，请重新上传',
  imagesMax: `资质图片最多上传${INTENTION_MAX_IMAGES}张`,
  agree: '请阅读并同意入驻协议',
  phonePending: '该手机号已有审核中的入驻申请，请等待审核结果',
  nameTaken: '该商户名称已被使用，请更换',
  notFound: '入驻申请不存在',
  approved: '申请已通过，不能再修改',
  notPending: '该申请已审核，不能重复处理',
  failMsg: '请填写驳回原因',
  failMsgLength: `驳回原因不能超过${FAIL_MSG_MAX}个字`,
  tokenNotApproved: '申请通过后才能领取商户接口令牌',
  tokenTaken: '商户接口令牌已领取过，不能再次查看；如需新令牌，请联系平台运营',
  created: '提交成功，请等待平台审核',
  approvedSms: (name: string) =>
    `您的商户入驻申请「${name}」已通过审核，店铺已开通。请登录商城，在个人中心“入驻记录”查看店铺信息并领取商户接口令牌。`,
  rejectedSms: (name: string, reason: string) =>
    `您的商户入驻申请「${name}」未通过审核：${reason}。您可在个人中心“入驻记录”修改后重新提交。`,
  updated: '修改成功，请等待平台审核',
} as const;

/** Characters as a shopper counts them (a CJK character or an emoji is one). */
const chars = (s: string) => [...s].length;

const boundedText = (missing: string, tooLong: string, min: number, max: number) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .refine((s) => chars(s) >= min && chars(s) <= max, tooLong)
    // Control characters have no place in a name.
    .refine((s) => ![...s].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127), tooLong);

/** The application form, as the browser checks it and the server re-checks it. */
/** In the form's order, so the first message is about the first field the shopper left wrong. */
export const intentionFields = {
  mer_name: boundedText(INTENTION_TEXT.merName, INTENTION_TEXT.merNameLength, MER_NAME_MIN, MER_NAME_MAX),
  name: boundedText(INTENTION_TEXT.name, INTENTION_TEXT.nameLength, CONTACT_MIN, CONTACT_MAX),
  phone: mainlandPhone,
  /**
   * The SMS code (type `intention`) sent to `phone`; an edit that keeps the phone needs none. Text only, as the
   * sign-in's sms_code: a JSON number drops a code's leading zeros, and an array or a boolean is no code.
   */
  code: z.preprocess(
    blankToUndefined,
    z
      .string({ error: INTENTION_TEXT.codeFormat })
      .trim()
      .regex(/^\d{4,8}$/, INTENTION_TEXT.codeFormat)
      .optional(),
  ),
  merchant_category_id: z
    .preprocess(blankToUndefined, idField('商户分类').optional())
    .refine((v) => v !== undefined, INTENTION_TEXT.category),
  mer_type_id: z.preprocess(blankToUndefined, idField('店铺类型').optional()).refine((v) => v !== undefined, INTENTION_TEXT.type),
  /** A list of uploads, or one path (or csv) as its items. */
  images: z.preprocess(
    asList,
    z
      .array(z.string({ error: INTENTION_TEXT.imagesInvalid }).refine(isUploadRef, INTENTION_TEXT.imagesInvalid), {
        error: INTENTION_TEXT.imagesInvalid,
      })
      .min(1, INTENTION_TEXT.images)
      .max(INTENTION_MAX_IMAGES, INTENTION_TEXT.imagesMax),
  ),
};

export const intentionInput = z.object(intentionFields, { error: '请求格式不正确' });
export type IntentionInput = z.input<typeof intentionInput>;

export const intentionListQuery = z.object(paged(INTENTION_PAGE_SIZE));
export const intentionIdInput = z.object({ id: idField('入驻申请') });

export const rejectInput = z.object(
  {
    fail_msg: z
      .string({ error: INTENTION_TEXT.failMsg })
      .trim()
      .min(1, INTENTION_TEXT.failMsg)
      .refine((s) => chars(s) <= FAIL_MSG_MAX, INTENTION_TEXT.failMsgLength),
  },
  { error: '请求格式不正确' },
);

export const reviewListQuery = z.object({
  ...paged(20),
  status: z.preprocess(
    numberOrDefault(undefined),
    z.coerce.number({ error: '状态格式不正确' }).int('状态格式不正确').min(0, '状态格式不正确').max(2, '状态格式不正确').optional(),
  ),
});

/** One application as its applicant (and the operator) sees it. */
export interface IntentionDto {
  mer_intention_id: number;
  phone: string;
  mer_name: string;
  name: string;
  merchant_category_id: number;
  category_name: string;
  mer_type_id: number;
  type_name: string;
  images: string[];
  status: IntentionStatus;
  status_text: string;
  fail_msg: string;
  create_time: string;
  /** When it was last approved or rejected. */
  status_time: string | null;
  /** The shop created on approval. */
  mer_id: number | null;
  /** Approved: the merchant API's base URL (the shop signs in there with its token); '' before. */
  login_url: string;
  /** 1 once the applicant has taken the shop's merchant-API token (it is shown that one time only). */
  token_taken: 0 | 1;
}

/** The operator's view adds who applied. */
export interface ReviewIntentionDto extends IntentionDto {
  uid: number;
}

/** `POST /api/intention/token/{id}`: the token's plain text, this one time. */
export interface IntentionTokenDto {
  mer_id: number;
  token: string;
  login_url: string;
}
