import { describe, it, expect, beforeAll } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase, visitorContext, userContext } from '../../../../tests/helpers/test-db.ts';
import { userAddress } from '../../db/schema/index.ts';
import type { Database } from '../../db/client.ts';
import type { ServiceContext } from '../context.ts';
import { saveAddress } from './save-address.ts';
import { listAddresses } from './list-addresses.ts';
import { getAddress } from './get-address.ts';
import { setDefaultAddress } from './set-default-address.ts';
import { deleteAddress } from './delete-address.ts';

// Build the worker's seeded template under the hook timeout, not inside the first test's.
beforeAll(async () => {
  await createTestDatabase();
});

/** 广东省 深圳市 南山区 粤海街道, with names a client might send (they are replaced by the data's). */
const shenzhen = [
  { id: 44, name: '广东' },
  { id: 4403, name: '深圳' },
  { id: 440305, name: '南山' },
  { id: 440305007, name: '假的街道' },
];
/** 浙江省 杭州市 西湖区 文新街道. */
const hangzhou = [{ id: 33 }, { id: 3301 }, { id: 330106 }, { id: 330106013 }];
const mainland = { address_id: 0, area: shenzhen, real_name: '张三', phone: '13700137000', detail: '科技园 1 号', is_default: 0 };
const overseas = {
  country: 'US',
  province: 'CA',
  city: 'San Francisco',
  post_code: '94103',
  real_name: 'Bob',
  phone: '(415) 555-0132',
  detail: '1 Market St',
};

const defaults = async (db: Database, uid: number) =>
  (await db.db.select().from(userAddress).where(eq(userAddress.uid, uid))).filter((r) => r.isDefault).map((r) => r.addressId);

describe('addresses', () => {
  it('saves a mainland address with the region path and names of the data, the phone in E.164 (signed in only)', async () => {
    const db = await createTestDatabase();
    await expect(listAddresses(visitorContext(db), {})).rejects.toMatchObject({ status: 400, message: '请登录' });
    await expect(saveAddress(visitorContext(db), mainland)).rejects.toMatchObject({ message: '请登录' });
    const user = await userContext(db, 2);
    const a = await saveAddress(user, { ...mainland, phone: '+86 137 0013 7000', real_name: '  张三 ' });
    expect(a).toMatchObject({
      real_name: '张三',
      phone: '13700137000',
      country: 'CN',
      province: '广东省',
      city: '深圳市',
      district: '南山区',
      street: '粤海街道',
      province_id: 44,
      city_id: 440305007,
      is_default: 1, // the first one
    });
    expect(a.area.map((n) => n.name)).toEqual(['广东省', '深圳市', '南山区', '粤海街道']);
    expect((await db.db.select().from(userAddress).where(eq(userAddress.addressId, a.address_id)))[0]?.phone).toBe('+8613700137000');
    expect(await getAddress(user, { id: String(a.address_id) })).toEqual(a);

    const refused = (area: unknown) => saveAddress(user, { ...mainland, area });
    await expect(refused([])).rejects.toMatchObject({ status: 400, message: '请选择所在地区' });
    await expect(refused(shenzhen.slice(0, 3))).rejects.toMatchObject({ message: '请选择完整的所在地区（省/市/区县/街道）' });
    await expect(refused([{ id: 44 }, ...hangzhou.slice(1)])).rejects.toMatchObject({ message: '所选地区不存在，请重新选择' });
    await expect(refused([{ id: 44 }, { id: 4403 }, { id: 440305 }, { id: 440305999 }])).rejects.toMatchObject({ status: 400 });
    await expect(refused('广东省深圳市')).rejects.toMatchObject({ status: 400, message: '所选地区不存在，请重新选择' });
    await expect(saveAddress(user, { ...mainland, post_code: '5180' })).rejects.toMatchObject({ message: '请输入正确的邮政编码' });
    expect((await listAddresses(user, {})).count).toBe(1);
  });

  it('keeps the trunk 0 of a landline: shown as area code - number, however it was typed; a mobile stays 11 digits', async () => {
    const db = await createTestDatabase();
    const user = await userContext(db, 2);
    for (const [typed, shown, stored] of [
      ['0755-12345678', '0755-12345678', '+8675512345678'],
      ['075512345678', '0755-12345678', '+8675512345678'],
      ['(0755) 1234 5678', '0755-12345678', '+8675512345678'],
      ['010-12345678', '010-12345678', '+861012345678'],
      ['+86 10 1234 5678', '010-12345678', '+861012345678'],
      ['400-800-1234', '4008001234', '+864008001234'],
      ['13800138000', '13800138000', '+8613800138000'],
    ]) {
      const a = await saveAddress(user, { ...mainland, phone: typed });
      expect(a.phone, typed).toBe(shown);
      expect((await db.db.select().from(userAddress).where(eq(userAddress.addressId, a.address_id)))[0]?.phone).toBe(stored);
      expect((await getAddress(user, { id: a.address_id })).phone).toBe(shown);
      // What the shopper sees saves back as the same number.
      expect((await saveAddress(user, { ...mainland, address_id: a.address_id, phone: a.phone })).phone).toBe(shown);
    }
    expect((await listAddresses(user, {})).list.map((a) => a.phone)).toContain('0755-12345678');
  });

  it('saves an overseas address with region, city and postcode, and checks the phone for the country', async () => {
    const db = await createTestDatabase();
    const user = await userContext(db, 2);
    const us = await saveAddress(user, { ...overseas, area: shenzhen });
    expect(us).toMatchObject({
      country: 'US',
      province: 'CA',
      city: 'San Francisco',
      post_code: '94103',
      phone: '+1 415 555 0132',
      area: [],
      city_id: 0,
      province_id: 0,
    });
    // A mainland mobile is not a US number; a mobile one digit short is no mainland number.
    await expect(saveAddress(user, { ...overseas, phone: '13800138000' })).rejects.toMatchObject({
      status: 400,
      message: '请输入正确的手机号码',
    });
    await expect(saveAddress(user, { ...mainland, phone: '1380013800' })).rejects.toMatchObject({ message: '请输入正确的手机号码' });
    await expect(saveAddress(user, { ...mainland, phone: 'call me' })).rejects.toMatchObject({ message: '请输入正确的手机号码' });
    await expect(saveAddress(user, { ...overseas, post_code: '' })).rejects.toMatchObject({ message: '请填写邮政编码' });
    await expect(saveAddress(user, { ...overseas, city: ' ' })).rejects.toMatchObject({ message: '请填写城市' });
    await expect(saveAddress(user, { ...overseas, province: '' })).rejects.toMatchObject({ message: '请填写省/州/地区' });
    await expect(saveAddress(user, { ...overseas, country: 'ZZ' })).rejects.toMatchObject({ message: '请选择正确的国家/地区' });
    await expect(saveAddress(user, { ...overseas, country: 'USA' })).rejects.toMatchObject({ message: '请选择正确的国家/地区' });
    // Hong Kong has no postcodes; a mainland number may receive there when written internationally.
    const hk = await saveAddress(user, {
      country: 'hk',
      province: '九龙',
      city: '油尖旺区',
      real_name: '陈大文',
      phone: '+86 13800138000',
      detail: '弥敦道 1 号',
    });
    expect(hk).toMatchObject({ country: 'HK', post_code: '', phone: '13800138000' });
    // An edit may move an address to the mainland.
    const moved = await saveAddress(user, { ...mainland, address_id: us.address_id, area: hangzhou });
    expect(moved).toMatchObject({ address_id: us.address_id, country: 'CN', province: '浙江省', post_code: '', city_id: 330106013 });
  });

  it('keeps exactly one default: first, moved by is_default or by setting it, passed on when deleted', async () => {
    const db = await createTestDatabase();
    const user = await userContext(db, 2);
    const first = await saveAddress(user, mainland);
    const second = await saveAddress(user, { ...mainland, area: hangzhou });
    expect(second.is_default).toBe(0);
    const third = await saveAddress(user, { ...overseas, is_default: 1 });
    expect(await defaults(db, 2)).toEqual([third.address_id]);
    expect((await listAddresses(user, {})).list.map((a) => a.address_id)).toEqual([third.address_id, second.address_id, first.address_id]);

    await setDefaultAddress(user, { id: first.address_id });
    expect(await defaults(db, 2)).toEqual([first.address_id]);
    // Unticking default on the default keeps it (another becomes default by being set).
    await saveAddress(user, { ...mainland, address_id: first.address_id, is_default: 0, detail: '新的门牌号' });
    expect(await defaults(db, 2)).toEqual([first.address_id]);
    await saveAddress(user, { ...mainland, address_id: second.address_id, is_default: true });
    expect(await defaults(db, 2)).toEqual([second.address_id]);

    // Deleting the default passes it to the newest remaining one.
    await deleteAddress(user, { id: second.address_id });
    expect(await defaults(db, 2)).toEqual([third.address_id]);
    await deleteAddress(user, { id: first.address_id });
    expect(await defaults(db, 2)).toEqual([third.address_id]);
    await deleteAddress(user, { id: third.address_id });
    expect(await listAddresses(user, {})).toEqual({ count: 0, list: [] });
    expect((await saveAddress(user, { ...mainland, is_default: 0 })).is_default).toBe(1);
  });

  it("answers 404 for another shopper's address and changes nothing of it", async () => {
    const db = await createTestDatabase();
    const member = await userContext(db, 1);
    const other = await userContext(db, 2);
    const theirs = (await listAddresses(member, {})).list;
    expect(theirs.map((a) => [a.city, a.is_default])).toEqual([
      ['深圳市', 1],
      ['杭州市', 0],
    ]);
    const [defaultOne, otherOne] = theirs as [(typeof theirs)[0], (typeof theirs)[0]];
    const notFound = { status: 404, message: '地址不存在' };
    await expect(getAddress(other, { id: defaultOne.address_id })).rejects.toMatchObject(notFound);
    await expect(saveAddress(other, { ...mainland, address_id: defaultOne.address_id })).rejects.toMatchObject(notFound);
    await expect(setDefaultAddress(other, { id: otherOne.address_id })).rejects.toMatchObject(notFound);
    await expect(deleteAddress(other, { id: defaultOne.address_id })).rejects.toMatchObject(notFound);
    await expect(getAddress(other, { id: 999999 })).rejects.toMatchObject(notFound);
    expect((await listAddresses(member, {})).list).toEqual(theirs);
    expect((await listAddresses(other, {})).count).toBe(0);
  });

  it('refuses an address_id, is_default or region code that is not a number, and saves nothing', async () => {
    const db = await createTestDatabase();
    const user = await userContext(db, 2);
    const mine = await saveAddress(user, mainland);
    // Coercion read address_id: [] as 0, so an edit added a second address, and is_default: [] as 0.
    for (const address_id of [[], [mine.address_id], ' ', {}]) {
      await expect(saveAddress(user, { ...mainland, address_id, detail: '改' }), JSON.stringify(address_id)).rejects.toMatchObject({
        status: 400,
        message: '地址不存在',
      });
    }
    for (const is_default of [[], [1], ' ', {}]) {
      await expect(saveAddress(user, { ...mainland, is_default }), JSON.stringify(is_default)).rejects.toMatchObject({
        status: 400,
        message: '参数错误',
      });
    }
    await expect(
      saveAddress(user, { ...mainland, area: mainland.area.map((a, i) => (i === 0 ? { ...a, id: [a.id] } : a)) }),
    ).rejects.toMatchObject({ status: 400 });
    expect((await listAddresses(user, {})).list).toEqual([mine]);
    // Booleans and digits are what forms send.
    expect(await saveAddress(user, { ...mainland, address_id: String(mine.address_id), is_default: true, detail: '改' })).toMatchObject({
      address_id: mine.address_id,
      detail: '改',
    });
  });

  it('allows 50 addresses per shopper, also when the 51st arrives in parallel with others', async () => {
    const db = await createTestDatabase();
    const user = await userContext(db, 2);
    await db.db.insert(userAddress).values(
      Array.from({ length: 45 }, (_, i) => ({
        uid: 2,
        realName: `收货人${i}`,
        phone: '+8613700137000',
        detail: `${i} 号`,
        isDefault: i === 0,
      })),
    );
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => saveAddress(user, mainland)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    for (const r of results.filter((x) => x.status === 'rejected')) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({ status: 400, message: '最多可添加50个地址' });
    }
    expect((await listAddresses(user, { limit: 100 })).count).toBe(50);
    expect(await defaults(db, 2)).toHaveLength(1);
    // Editing still works at the limit.
    const [some] = (await listAddresses(user, {})).list;
    expect((await saveAddress(user, { ...mainland, address_id: some!.address_id, real_name: '改名' })).real_name).toBe('改名');
  });

  it('refuses NUL bytes, wrong types and over-long fields with a 400 in Chinese', async () => {
    const db = await createTestDatabase();
    const user: ServiceContext = await userContext(db, 2);
    const cases: [Record<string, unknown>, string][] = [
      [{ real_name: '张\0三' }, '参数错误'],
      [{ detail: 'a\0' }, '参数错误'],
      [{ real_name: '' }, '请填写收货人姓名'],
      [{ real_name: '张'.repeat(26) }, '收货人姓名不能超过25个字'],
      [{ real_name: ['张三'] }, '收货人姓名格式不正确'],
      [{ real_name: '张\n三' }, '收货人姓名不能包含换行等特殊字符'],
      [{ detail: '路'.repeat(121) }, '详细地址不能超过120个字'],
      [{ detail: { a: 1 } }, '详细地址格式不正确'],
      [{ phone: '' }, '请填写手机号码'],
      [{ phone: { n: 1 } }, '手机号码格式不正确'],
      [{ area: [{ id: 'x' }] }, '所选地区不存在，请重新选择'],
      [{ area: [1, 2, 3, 4] }, '所选地区不存在，请重新选择'],
      [{ is_default: 2 }, '参数错误'],
      [{ address_id: -1 }, '地址不存在'],
      [{ address_id: 'abc' }, '地址不存在'],
      [{ country: 12 }, '请选择正确的国家/地区'],
    ];
    for (const [patch, message] of cases) {
      await expect(saveAddress(user, { ...mainland, ...patch }), JSON.stringify(patch)).rejects.toMatchObject({ status: 400, message });
    }
    await expect(getAddress(user, { id: 'x' })).rejects.toMatchObject({ status: 400 });
    await expect(deleteAddress(user, { id: '0' })).rejects.toMatchObject({ status: 400 });
    await expect(listAddresses(user, { limit: 101 })).rejects.toMatchObject({ status: 400 });
    // A phone sent as a JSON number is read as text; a 25-character name with an emoji is still 25.
    expect((await saveAddress(user, { ...mainland, phone: 13700137000, real_name: `${'张'.repeat(24)}😀` })).phone).toBe('13700137000');
    expect((await listAddresses(user, {})).count).toBe(1);
  });
});
