/**
 * Prepares the checkout bench (bench/checkout.mjs): N shoppers with a session and an address, and one running
 * flash-sale SKU whose stock is set to `stock` (its per-shopper caps lifted to 1 so each shopper buys one).
 * Every shopper has ¥10,000 of balance with its ledger row (the pay phase pays half the orders by balance).
 * Uses DATABASE_URL or DATA_DIR like the server. Prints one JSON line: {tokens, productId, unique, stock}.
 *   npx tsx scripts/bench-checkout-prep.ts 500 50
 */
import { and, asc, eq, gt } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client.ts';
import { product, productSku, seckillProduct, userAddress, userBill, users } from '../src/server/db/schema/index.ts';
import { createSession } from '../src/server/services/session/sessions.ts';
import { listSeckillProducts } from '../src/server/services/promotion/list-seckill-products.ts';

const shoppers = Number(process.argv[2] ?? 500);
const stock = Number(process.argv[3] ?? 50);
const database = await openDatabase({ seed: true });
const { db } = database;
const offer = (await listSeckillProducts({ db }, {})).list.find((o) => o.stock > 0);
if (!offer) throw new Error('no running flash sale');
const [sku] = await db
  .select()
  .from(productSku)
  .where(and(eq(productSku.productId, offer.product_id), gt(productSku.stock, 0)))
  .orderBy(asc(productSku.unique))
  .limit(1);
await db.update(productSku).set({ stock }).where(eq(productSku.unique, sku!.unique));
await db.update(product).set({ stock }).where(eq(product.productId, offer.product_id));
await db.update(seckillProduct).set({ oncePayCount: 1, allPayCount: 1 }).where(eq(seckillProduct.productId, offer.product_id));
const run = Date.now().toString(36);
const BALANCE = 1_000_000;
const tokens: string[] = [];
for (let i = 0; i < shoppers; i++) {
  const [u] = await db
    .insert(users)
    .values({
      phoneCode: '86',
      phone: `199${run.slice(-4)}${String(i).padStart(4, '0')}`.slice(0, 15),
      nickname: `压测买家${i}`,
      nowMoney: BALANCE,
    })
    .onConflictDoNothing()
    .returning({ uid: users.uid });
  if (!u) continue;
  await db.insert(userBill).values({
    uid: u.uid,
    category: 'now_money',
    type: 'recharge',
    pm: 1,
    number: BALANCE,
    balance: BALANCE,
    linkId: `bench-${run}`,
    title: '余额充值',
  });
  await db.insert(userAddress).values({
    uid: u.uid,
    realName: `买家${i}`,
    phone: '+8613800001111',
    province: '北京市',
    city: '市辖区',
    district: '东城区',
    street: '东华门街道',
    provinceId: 11,
    cityId: 110101001,
    detail: `压测路${i}号`,
    isDefault: true,
  });
  tokens.push((await createSession(db, u.uid)).token);
}
await database.close();
console.log(JSON.stringify({ tokens, productId: offer.product_id, unique: sku!.unique, stock }));
