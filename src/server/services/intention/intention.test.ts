import { describe, it, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase, visitorContext } from '../../../../tests/helpers/test-db.ts';
import { merchant, systemConfig } from '../../db/schema/index.ts';
import { intentionSuite } from './intention-suite.ts';
import { createIntention, updateIntention } from './save-intention.ts';
import { getIntention, listIntentions } from './list-intentions.ts';
import { approveIntention, listForReview, rejectIntention } from './review-intention.ts';
import { takeIntentionToken } from './take-token.ts';
import { application, newShopper, ownPicture, uniqueName, uniquePhone } from './intention-fixtures.ts';

intentionSuite(createTestDatabase);

describe('merchant application limits', () => {
  // One database for the tests below that change no setting: each makes its own shopper and reads only its own
  // applications, so they need no database of their own (making one per test took most of this file's time).
  let shared: ReturnType<typeof createTestDatabase> | undefined;
  const sharedDatabase = () => {
    shared ??= createTestDatabase();
    return shared;
  };
  it.each([
    [{ mer_name: '' }, '请填写商户名称'],
    [{ mer_name: '店' }, '商户名称须为2-40个字'],
    [{ mer_name: '店'.repeat(41) }, '商户名称须为2-40个字'],
    [{ name: ' ' }, '请填写联系人姓名'],
    [{ name: '王'.repeat(21) }, '联系人姓名须为2-20个字'],
    [{ phone: '1380013800' }, '请输入正确的手机号码'],
    [{ phone: '+8613800138000' }, '请输入正确的手机号码'],
    [{ code: 'abc' }, '请输入正确的验证码'],
    [{ merchant_category_id: '' }, '请选择商户分类'],
    [{ mer_type_id: 'x' }, '店铺类型格式不正确'],
    [{ images: [] }, '请上传营业执照等资质图片'],
    [{ images: ['https://evil.example/a.png'] }, '资质图片无效，请重新上传'],
    [{ images: Array.from({ length: 11 }, (_, i) => `/media/x${i}.webp`) }, '资质图片最多上传10张'],
    [{ merchant_category_id: 999999 }, '商户分类不存在，请重新选择'],
    [{ mer_type_id: 999999 }, '店铺类型不存在，请重新选择'],
    [{ mer_type_id: 4 }, '该店铺类型不接受入驻申请，请重新选择'], // 自营, the mall's own
    [{ images: ['/media/not-mine.webp'] }, '资质图片无效，请重新上传'],
    [{ code: '000000' }, '验证码错误'],
  ])('refuses %j with %s and stores nothing', async (extra, message) => {
    const d = await sharedDatabase();
    const s = await newShopper(d);
    const body = await application(d, s);
    const bad = { ...body, ...extra };
    if (bad.code === '000000' && body.code === '000000') bad.code = '111111';
    await expect(createIntention(s, bad)).rejects.toMatchObject({ status: 400, message: bad.code === '111111' ? '验证码错误' : message });
    expect((await listIntentions(s, {})).count).toBe(0);
  });

  it('refuses a code that is not text (in an array, an object, a boolean, a JSON number) with 请输入正确的验证码 and stores nothing', async () => {
    const d = await sharedDatabase();
    const s = await newShopper(d);
    const body = await application(d, s);
    for (const code of [[body.code], [Number(body.code)], { code: body.code }, true, Number(body.code)]) {
      await expect(createIntention(s, { ...body, code })).rejects.toMatchObject({ status: 400, message: '请输入正确的验证码' });
    }
    expect((await listIntentions(s, {})).count).toBe(0);
    // The same code as text is taken.
    expect((await createIntention(s, body)).phone).toBe(body.phone);
  });

  it('trims the text fields', async () => {
    const d = await sharedDatabase();
    const s = await newShopper(d);
    const body = await application(d, s);
    const name = uniqueName();
    const r = await createIntention(s, { ...body, mer_name: `  ${name}  `, name: ' 李四 ', phone: ` ${body.phone} ` });
    expect(r).toMatchObject({ mer_name: name, name: '李四', phone: body.phone });
  });

  it("takes its pictures' absolute URLs on our own origin as their paths, and refuses another origin's", async () => {
    const d = await sharedDatabase();
    const s = { ...(await newShopper(d)), origins: new Set(['https://mall.example']) };
    const body = await application(d, s);
    const [one, two] = body.images as string[];
    await expect(createIntention(s, { ...body, images: [`https://evil.example${one}`] })).rejects.toMatchObject({
      message: '资质图片无效，请重新上传',
    });
    const created = await createIntention(s, { ...body, images: [`https://mall.example${one}`, two] });
    expect(created.images).toEqual([one, two]);
  });

  it('takes the phone sent as a JSON number (its digits)', async () => {
    const d = await sharedDatabase();
    const s = await newShopper(d);
    const body = await application(d, s);
    const r = await createIntention(s, { ...body, phone: Number(body.phone) });
    expect(r.phone).toBe(body.phone);
    await expect(createIntention(s, { ...(await application(d, s)), phone: 1380013800 })).rejects.toMatchObject({
      message: '请输入正确的手机号码',
    });
  });

  it('takes one picture sent as a string (or pictures as csv) for the list, on create and on update', async () => {
    const d = await sharedDatabase();
    const s = await newShopper(d);
    const body = await application(d, s);
    const [one, two] = body.images as string[];
    const created = await createIntention(s, { ...body, images: one });
    expect(created.images).toEqual([one]);
    const updated = await updateIntention(s, { ...body, code: '', images: `${two},${one}`, id: created.mer_intention_id });
    expect(updated.images).toEqual([two, one]);
    await expect(updateIntention(s, { ...body, code: '', images: '', id: created.mer_intention_id })).rejects.toMatchObject({
      message: '请上传营业执照等资质图片',
    });
  });

  it('refuses a name a shop already has, and another pending application for the phone', async () => {
    const d = await sharedDatabase();
    const s = await newShopper(d);
    const [shop] = await d.db.select({ name: merchant.merName }).from(merchant).where(eq(merchant.merId, 1));
    await expect(createIntention(s, await application(d, s, { mer_name: shop!.name }))).rejects.toMatchObject({
      message: '该商户名称已被使用，请更换',
    });
    const phone = uniquePhone();
    const first = await createIntention(s, await application(d, s, { phone }));
    await expect(createIntention(s, await application(d, s, { phone }))).rejects.toMatchObject({
      message: '该手机号已有审核中的入驻申请，请等待审核结果',
    });
    // The name of a pending application is taken too, for another shopper as well.
    const other = await newShopper(d);
    await expect(createIntention(other, await application(d, other, { mer_name: first.mer_name }))).rejects.toMatchObject({
      message: '该商户名称已被使用，请更换',
    });
    // Once rejected, the phone and the name are free again.
    await rejectIntention(d, { id: first.mer_intention_id, fail_msg: '资料不全' });
    await expect(createIntention(other, await application(d, other, { phone, mer_name: first.mer_name }))).resolves.toMatchObject({
      status: 0,
    });
  });

  it("answers 404 for another shopper's application on every verb, and 请登录 to a visitor", async () => {
    const d = await sharedDatabase();
    const [owner, other] = [await newShopper(d), await newShopper(d)];
    const body = await application(d, owner);
    const { mer_intention_id: id } = await createIntention(owner, body);
    await approveIntention(d, { id });
    const notFound = { code: 'not_found', message: '入驻申请不存在' };
    await expect(getIntention(other, { id })).rejects.toMatchObject(notFound);
    await expect(updateIntention(other, { ...(await application(d, other)), id })).rejects.toMatchObject(notFound);
    await expect(takeIntentionToken(other, { id })).rejects.toMatchObject(notFound);
    expect((await listIntentions(other, {})).count).toBe(0);
    await expect(getIntention(owner, { id: 2147483647 })).rejects.toMatchObject(notFound);
    await expect(listIntentions(visitorContext(d), {})).rejects.toMatchObject({ message: '请登录' });
    await expect(createIntention(visitorContext(d), body)).rejects.toMatchObject({ message: '请登录' });
  });

  it('refuses the token before approval, and a review of an unknown or bad request', async () => {
    const d = await sharedDatabase();
    const s = await newShopper(d);
    const { mer_intention_id: id } = await createIntention(s, await application(d, s));
    await expect(takeIntentionToken(s, { id })).rejects.toMatchObject({ message: '申请通过后才能领取商户接口令牌' });
    await expect(rejectIntention(d, { id, fail_msg: '  ' })).rejects.toMatchObject({ message: '请填写驳回原因' });
    await expect(rejectIntention(d, { id, fail_msg: '因'.repeat(201) })).rejects.toMatchObject({ message: '驳回原因不能超过200个字' });
    await expect(approveIntention(d, { id: 2147483647 })).rejects.toMatchObject({ code: 'not_found' });
    await expect(approveIntention(d, { id: 'x' })).rejects.toMatchObject({ code: 'invalid' });
    const pending = await listForReview(d, { status: 0 });
    expect(pending.list.map((x) => x.mer_intention_id)).toContain(id);
    await expect(listForReview(d, { status: 3 })).rejects.toMatchObject({ code: 'invalid' });
  });

  it('lists the shopper’s own applications newest first, a page at a time', async () => {
    const d = await sharedDatabase();
    const s = await newShopper(d);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await createIntention(s, await application(d, s))).mer_intention_id);
    const page1 = await listIntentions(s, { page: 1, limit: 2 });
    expect(page1.count).toBe(3);
    expect(page1.list.map((x) => x.mer_intention_id)).toEqual([ids[2], ids[1]]);
    expect((await listIntentions(s, { page: 2, limit: 2 })).list.map((x) => x.mer_intention_id)).toEqual([ids[0]]);
  });

  it('refuses new applications and edits while settle-in is closed (mer_intention_open 0)', async () => {
    const d = await createTestDatabase();
    const s = await newShopper(d);
    const { mer_intention_id: id } = await createIntention(s, await application(d, s));
    await d.db.update(systemConfig).set({ value: '0' }).where(eq(systemConfig.key, 'mer_intention_open'));
    await expect(createIntention(s, await application(d, s))).rejects.toMatchObject({ message: '商户入驻暂未开放' });
    const body = await application(d, s);
    await expect(updateIntention(s, { ...body, id })).rejects.toMatchObject({ message: '商户入驻暂未开放' });
    // Reading what one applied for still works.
    expect((await listIntentions(s, {})).count).toBe(1);
  });

  it('keeps pictures already on the application when editing, and refuses another shopper’s uploads', async () => {
    const d = await sharedDatabase();
    const [s, other] = [await newShopper(d), await newShopper(d)];
    const body = await application(d, s);
    const { mer_intention_id: id } = await createIntention(s, body);
    const theirs = await ownPicture(d, other.user.uid);
    await expect(updateIntention(s, { ...body, code: '', images: [...body.images, theirs], id })).rejects.toMatchObject({
      message: '资质图片无效，请重新上传',
    });
    const mine = await ownPicture(d, s.user.uid);
    expect((await updateIntention(s, { ...body, code: '', images: [body.images[0], mine], id })).images).toEqual([body.images[0], mine]);
  });
});
