/**
 * Merchant settle-in of the demo mall: open (`mer_intention_open`, the header's 商户入驻 link and `/merchant_settled`)
 * with the agreement shown beside the form's checkbox (`sys_intention_agree`, HTML). An operator's own values stay.
 */
import type { Db } from '../client.ts';
import * as s from '../schema/index.ts';

export const INTENTION_AGREEMENT = [
  '<h3>Mallfront 商城商户入驻协议</h3>',
  '<p>欢迎申请入驻 Mallfront 商城。提交申请前，请您仔细阅读本协议；勾选“我已阅读并同意”即表示您同意以下条款。</p>',
  '<ol>',
  '<li><strong>资质真实。</strong>您保证所填写的商户名称、联系人、手机号及上传的营业执照、品牌授权等资质真实、合法、有效；资质变更的，应及时更新。</li>',
  '<li><strong>审核。</strong>平台一般在 3 个工作日内完成审核，并通过“入驻记录”告知结果；未通过的，您可按驳回原因修改后重新提交。平台有权不予通过且无需承担责任。</li>',
  '<li><strong>店铺开通。</strong>审核通过后平台为您开通店铺，您可在“入驻记录”中查看商户接口地址并领取一次商户接口令牌；令牌仅显示一次，请妥善保管，遗失或泄露的请联系平台运营重新签发。</li>',
  '<li><strong>经营规范。</strong>您应遵守国家法律法规和平台规则，不得销售假冒伪劣、侵权或违禁商品，按承诺及时发货并提供售后服务。</li>',
  '<li><strong>费用与结算。</strong>平台技术服务费、保证金及结算周期以双方另行签订的合作协议为准。</li>',
  '<li><strong>个人信息。</strong>平台仅为审核入驻和联系您的目的使用您提交的信息，并依照《隐私政策》予以保护。</li>',
  '</ol>',
].join('');

export async function seedIntention(db: Db): Promise<void> {
  await db
    .insert(s.systemConfig)
    .values([
      { key: 'mer_intention_open', value: '1' },
      { key: 'sys_intention_agree', value: INTENTION_AGREEMENT },
    ])
    .onConflictDoNothing();
}
