// Merchant applications on a real database: PGlite (intention.test.ts) and PostgreSQL 15 (intention.postgres.test.ts),
// where concurrent approvals, token takes and applications really run in parallel.
import { describe, it, expect, beforeEach } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { merchant, merchantIntention, merchantToken } from '../../db/schema/index.ts';
import { installMemorySms } from '../../../../tests/helpers/auth.ts';
import { authenticateMerchant } from '../merchant-api/authenticate.ts';
import { listMerchants } from '../merchant/list-merchants.ts';
import { createIntention, updateIntention } from './save-intention.ts';
import { getIntention, listIntentions } from './list-intentions.ts';
import { approveIntention, rejectIntention, DEFAULT_MERCHANT_AVATAR } from './review-intention.ts';
import { takeIntentionToken } from './take-token.ts';
import { application, codeTo, newShopper, sms, uniqueName, uniquePhone } from './intention-fixtures.ts';

const settled = <T>(rs: PromiseSettledResult<T>[]) => ({
  done: rs.filter((r) => r.status === 'fulfilled').map((r) => (r as PromiseFulfilledResult<T>).value),
  failed: rs.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason as Error),
});

export function intentionSuite(open: () => Promise<Database>) {
  beforeEach(() => {
    sms.box = installMemorySms();
  });

  describe('merchant application lifecycle', () => {
    it('applies, edits while pending, is rejected with a reason, resubmits, is approved into one open shop, and takes its token once', async () => {
      const d = await open();
      const s = await newShopper(d);
      const body = await application(d, s);
      const created = await createIntention(s, body);
      expect(created).toMatchObject({
        status: 0,
        status_text: '审核中',
        mer_name: body.mer_name,
        phone: body.phone,
        fail_msg: '',
        mer_id: null,
        login_url: '',
      });
      expect(created.images).toEqual(body.images);

      // An edit that keeps the phone needs no new code.
      const renamed = uniqueName();
      const edited = await updateIntention(s, { ...body, code: '', mer_name: renamed, id: created.mer_intention_id });
      expect(edited).toMatchObject({ status: 0, mer_name: renamed });

      const rejected = await rejectIntention(d, { id: created.mer_intention_id, fail_msg: '  营业执照照片不清晰，请重新上传  ' });
      expect(rejected).toMatchObject({ status: 2, status_text: '未通过', fail_msg: '营业执照照片不清晰，请重新上传', uid: s.user.uid });
      expect(await getIntention(s, { id: created.mer_intention_id })).toMatchObject({
        status: 2,
        fail_msg: '营业执照照片不清晰，请重新上传',
      });
      // The applicant is told by SMS, with the reason.
      expect(sms.box.messages.at(-1)).toEqual({
        phone: body.phone,
        phone_code: '86',
        type: 'intention_reviewed',
        text: `您的商户入驻申请「${renamed}」未通过审核：营业执照照片不清晰，请重新上传。您可在个人中心“入驻记录”修改后重新提交。`,
      });

      // Resubmitting with a new phone needs a code sent to that phone.
      const newPhone = uniquePhone();
      await expect(
        updateIntention(s, { ...body, mer_name: renamed, phone: newPhone, code: '', id: created.mer_intention_id }),
      ).rejects.toMatchObject({
        message: '请填写验证码',
      });
      const resubmitted = await updateIntention(s, {
        ...body,
        mer_name: renamed,
        phone: newPhone,
        code: await codeTo(s, newPhone),
        id: created.mer_intention_id,
      });
      expect(resubmitted).toMatchObject({ status: 0, fail_msg: '', phone: newPhone });

      const approved = await approveIntention(d, { id: created.mer_intention_id });
      expect(sms.box.messages.at(-1)).toMatchObject({
        phone: newPhone,
        type: 'intention_reviewed',
        text: expect.stringContaining('已通过审核'),
      });
      expect(approved).toMatchObject({
        status: 1,
        status_text: '已通过',
        login_url: expect.stringMatching(/\/api\/merchant$/),
        token_taken: 0,
      });
      const [shop] = await d.db.select().from(merchant).where(eq(merchant.merId, approved.mer_id!));
      expect(shop).toMatchObject({
        merName: renamed,
        categoryId: body.merchant_category_id,
        merTypeId: body.mer_type_id,
        servicePhone: newPhone,
        // The applicant hears of its orders and refund requests by SMS until the shop names another phone.
        noticePhone: newPhone,
        licenceImages: body.images,
        merAvatar: DEFAULT_MERCHANT_AVATAR,
        status: true,
      });
      const street = await listMerchants(d, { keyword: renamed });
      expect(street.list.map((m) => m.mer_id)).toEqual([approved.mer_id]);

      // Approved: no more edits, no second review.
      await expect(updateIntention(s, { ...body, mer_name: renamed, phone: newPhone, id: created.mer_intention_id })).rejects.toMatchObject(
        {
          message: '申请已通过，不能再修改',
        },
      );
      await expect(rejectIntention(d, { id: created.mer_intention_id, fail_msg: 'x' })).rejects.toMatchObject({
        message: '该申请已审核，不能重复处理',
      });

      const taken = await takeIntentionToken(s, { id: created.mer_intention_id });
      expect(taken.token).toMatch(/^mf_mer_/);
      expect(await authenticateMerchant({ db: d.db, user: null }, `Bearer ${taken.token}`)).toMatchObject({
        merId: approved.mer_id,
        merName: renamed,
      });
      const stored = await d.db.select().from(merchantToken).where(eq(merchantToken.merId, approved.mer_id!));
      expect(stored).toHaveLength(1);
      expect(stored[0]!.tokenHash).not.toContain(taken.token);
      await expect(takeIntentionToken(s, { id: created.mer_intention_id })).rejects.toMatchObject({
        message: expect.stringContaining('联系平台运营'),
      });
      expect(await getIntention(s, { id: created.mer_intention_id })).toMatchObject({ token_taken: 1 });

      const mine = await listIntentions(s, {});
      expect(mine.count).toBe(1);
      expect(mine.list[0]).toMatchObject({ mer_intention_id: created.mer_intention_id, status: 1, mer_name: renamed });
    });

    it('approves exactly once and opens exactly one shop when approved twice at once; the token is taken once when asked twice at once', async () => {
      const d = await open();
      const s = await newShopper(d);
      const { mer_intention_id: id } = await createIntention(s, await application(d, s));
      const { done, failed } = settled(await Promise.allSettled([1, 2, 3].map(() => approveIntention(d, { id }))));
      expect(done).toHaveLength(1);
      expect(failed.map((e) => e.message)).toEqual(['该申请已审核，不能重复处理', '该申请已审核，不能重复处理']);
      const [row] = await d.db.select().from(merchantIntention).where(eq(merchantIntention.merIntentionId, id));
      const shops = await d.db.select().from(merchant).where(eq(merchant.merName, row!.merName));
      expect(shops.map((m) => m.merId)).toEqual([row!.merId]);

      const tokens = settled(await Promise.allSettled([1, 2].map(() => takeIntentionToken(s, { id }))));
      expect(tokens.done).toHaveLength(1);
      expect(tokens.failed).toHaveLength(1);
      expect(await d.db.select().from(merchantToken).where(eq(merchantToken.merId, row!.merId!))).toHaveLength(1);
    });

    it('keeps one pending application per phone and per name even when both are sent at once', async () => {
      const d = await open();
      const [a, b] = [await newShopper(d), await newShopper(d)];
      const name = uniqueName();
      const phone = uniquePhone();
      const bodyA = await application(d, a, { mer_name: name });
      const bodyB = await application(d, b, { mer_name: name });
      const byName = settled(await Promise.allSettled([createIntention(a, bodyA), createIntention(b, bodyB)]));
      expect(byName.done).toHaveLength(1);
      expect(byName.failed.map((e) => e.message)).toEqual(['该商户名称已被使用，请更换']);

      // A resubmits a rejected application (same phone, so no code) while B applies with that phone.
      const first = await createIntention(a, await application(d, a, { phone }));
      await rejectIntention(d, { id: first.mer_intention_id, fail_msg: '资料不全' });
      const resubmit = { ...(await application(d, a)), phone, code: '', mer_name: first.mer_name };
      const bodyB2 = await application(d, b, { phone });
      const byPhone = settled(
        await Promise.allSettled([updateIntention(a, { ...resubmit, id: first.mer_intention_id }), createIntention(b, bodyB2)]),
      );
      expect(byPhone.done).toHaveLength(1);
      expect(byPhone.failed.map((e) => e.message)).toEqual(['该手机号已有审核中的入驻申请，请等待审核结果']);
      const rows = await d.db.select().from(merchantIntention).where(eq(merchantIntention.phone, phone));
      expect(rows.filter((r) => r.status === 0)).toHaveLength(1);
    });
  });
}
