/**
 * The demo mall's catalogue: 20 shops, 60 categories, 40 brands, 600 products with SKUs, reviews and
 * generated pictures, coupons of every kind, a flash sale running at any hour and presales in every state.
 * Fixed ids + ON CONFLICT DO NOTHING: idempotent, and identical on every run.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { refreshShopScores } from '../../services/catalogue/review-scores.ts';
import * as s from '../schema/index.ts';
import { CATEGORY_ROWS, BRAND_ROWS, PARAMETER_ROWS, TOPS } from './catalogue-data.ts';
import { MERCHANT_TYPES, MERCHANT_CATEGORIES, DEMO_MERCHANTS, merchantRow, shopCategoryRows, shopSpec } from './catalogue-merchants.ts';
import { DEMO_PRODUCTS, generateProduct, type GeneratedProduct } from './catalogue-products.ts';
import { promotionRows, afterReservations, SECKILL_SESSIONS } from './catalogue-promotions.ts';
import { couponRows, CATEGORY_LINKS, MERCHANT_LINKS, PRODUCT_LINKS } from './catalogue-coupons.ts';
import { exchangeRateRows, priceRuleRows } from './catalogue-misc.ts';
import { productImage, tileImage, bannerImage, licenceImage, mediaUrl, type MediaRow } from './catalogue-images.ts';
import { insertAll, insertProducts, bumpSequences } from './catalogue-insert.ts';

const topIcon = (topId: number) => TOPS[topId - 1]!.icon;

/** Shops `from..to` with their shop categories and pictures (avatar, banners, licences). */
export async function seedMerchants(db: Db, from: number, to: number): Promise<void> {
  const ids = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  await insertAll(db, s.merchant, ids.map(merchantRow));
  await insertAll(db, s.merchantProductCategory, ids.flatMap(shopCategoryRows));
  await insertAll(db, s.media, ids.flatMap(merchantMedia));
}

function merchantMedia(merId: number): MediaRow[] {
  const spec = shopSpec(merId);
  const icon = topIcon(spec.tops[0]!);
  const code = `91310000MA${String(100000 + merId * 7919).slice(-6)}X${merId % 10}`;
  return [
    tileImage(`mer-${merId}-avatar`, merId, icon, spec.name.slice(0, 4)),
    bannerImage(`mer-${merId}-banner`, merId, icon, spec.name, '品质好物 · 正品保障 · 极速发货'),
    bannerImage(`mer-${merId}-banner-2`, merId + 500, icon, '店铺上新', '新品限时优惠，先到先得'),
    licenceImage(`mer-${merId}-licence-1`, merId, '营业执照', spec.name, code),
    licenceImage(`mer-${merId}-licence-2`, merId + 1, '食品经营许可证', spec.name, `JY1${code.slice(-12)}`),
  ];
}

/** Category tree, brands, parameters and shop types: shared by the demo and the bench mall. */
async function seedTaxonomy(db: Db): Promise<void> {
  await insertAll(db, s.merchantType, MERCHANT_TYPES);
  await insertAll(db, s.merchantCategory, MERCHANT_CATEGORIES);
  await insertAll(
    db,
    s.storeCategory,
    CATEGORY_ROWS.map((c) => ({ ...c, pic: mediaUrl(`cate-${c.storeCategoryId}`) })),
  );
  await insertAll(
    db,
    s.brand,
    BRAND_ROWS.map(({ topId: _t, ...b }) => ({ ...b, pic: mediaUrl(`brand-${b.brandId}`) })),
  );
  const groups = CATEGORY_ROWS.filter((c) => c.level === 2);
  await insertAll(
    db,
    s.brandCategory,
    BRAND_ROWS.flatMap((b) =>
      groups.filter((g) => g.pid === b.topId).map((g) => ({ brandId: b.brandId, storeCategoryId: g.storeCategoryId })),
    ),
  );
  await insertAll(db, s.parameter, PARAMETER_ROWS);
  const topOf = (id: number): number => {
    const c = CATEGORY_ROWS.find((x) => x.storeCategoryId === id)!;
    return c.pid ? topOf(c.pid) : c.storeCategoryId;
  };
  await insertAll(db, s.media, [
    ...CATEGORY_ROWS.map((c) => tileImage(`cate-${c.storeCategoryId}`, c.storeCategoryId, topIcon(topOf(c.storeCategoryId)), c.cateName)),
    ...BRAND_ROWS.map((b) => tileImage(`brand-${b.brandId}`, b.brandId + 1000, topIcon(b.topId), b.brandName)),
  ]);
}

function productMedia(items: GeneratedProduct[]): MediaRow[] {
  return items.flatMap((g) =>
    [1, 2, 3].map((v) => productImage(`p${g.product.productId}-${v}`, g.product.productId, v, g.leaf.top.icon, g.leaf.name, g.brandName)),
  );
}

async function seedPromotions(db: Db, { seckill, presale }: ReturnType<typeof promotionRows>): Promise<void> {
  await insertAll(db, s.seckillTime, SECKILL_SESSIONS);
  await insertAll(db, s.product, [...seckill.products, ...presale.products]);
  await insertAll(db, s.productContent, [...seckill.contents, ...presale.contents]);
  await insertAll(db, s.productAttr, [...seckill.attrs, ...presale.attrs]);
  await insertAll(db, s.productSku, [...seckill.skus, ...presale.skus]);
  await insertAll(db, s.seckillProduct, seckill.settings);
  await insertAll(db, s.presell, presale.presells);
  await insertAll(db, s.coupon, couponRows());
  await insertAll(db, s.couponCategory, CATEGORY_LINKS);
  await insertAll(db, s.couponMerchant, MERCHANT_LINKS);
  await insertAll(db, s.couponProduct, PRODUCT_LINKS);
}

/** Seeds the whole demo catalogue (call inside the demo seed's transaction). */
export async function seedCatalogue(db: Db): Promise<void> {
  await seedTaxonomy(db);
  await seedMerchants(db, 1, DEMO_MERCHANTS);
  // The flash sales and presales hold stock taken from their products, as the merchant API's create takes it: the
  // products are inserted with what the offers left them, so an offer's end gives back pieces its product had.
  const promotions = promotionRows();
  const products = Array.from({ length: DEMO_PRODUCTS }, (_, i) =>
    afterReservations(generateProduct(i + 1, { merchantCount: DEMO_MERCHANTS }), promotions.left),
  );
  await insertProducts(db, products);
  await insertAll(db, s.media, productMedia(products));
  await seedPromotions(db, promotions);
  await insertAll(db, s.exchangeRate, exchangeRateRows());
  await insertAll(db, s.priceRule, priceRuleRows());
  await seedShopScores(db);
  await bumpSequences(db);
}

/**
 * The seed's reviews carry service and delivery scores spread around their stars (from the row id, so re-runs agree),
 * and each shop's three scores are its reviews' averages (`refreshShopScores`), as a buyer's review keeps them.
 */
export async function seedShopScores(db: Db): Promise<void> {
  await db.execute(sql`
    update ${s.productReply}
    set service_score = least(5, greatest(1, rate + (reply_id * 7) % 3 - 1)),
        postage_score = least(5, greatest(1, rate + (reply_id * 13) % 4 - 1))
    where order_product_id is null and service_score is null`);
  await refreshShopScores(db);
}
