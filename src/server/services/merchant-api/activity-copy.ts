import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { SKU_SEPARATOR } from '../../../shared/sku.ts';
import { product, productAttr, productContent, productSku } from '../../db/schema/index.ts';
import { ServiceError } from '../errors.ts';
import { notFound } from '../input.ts';
import { lockSkus, newUnique, PRODUCT_TEXT, rollUp } from './product-writes.ts';
import { ownProduct, PRODUCT_GONE } from './products.ts';

/** What a shop's activity offers (flash sales, presales) share: their copy of a product and their SKU writes. */

/** One SKU of the product as the offer will sell it: its `unique` on the product, price and stock, and a deposit. */
export interface OfferSku {
  unique: string;
  price: number;
  stock: number;
  downPrice?: number;
}

/** The messages of an offer kind for the SKU checks the copy makes. */
export interface OfferSkuText {
  skuLeftOut: (unique: string) => string;
  originShort: (unique: string, left: number) => string;
  noStock: string;
}

export type SkuChange = { unique: string; stock?: number; price?: number; downPrice?: number };

/** SKU changes applied in `unique` byte order, under the locks lockSkus took (in `stockOrder`). */
export async function writeSkus(tx: Tx, changes: SkuChange[]): Promise<void> {
  for (const { unique, ...set } of [...changes].sort((a, b) => (a.unique < b.unique ? -1 : 1))) {
    if (Object.keys(set).length) await tx.update(productSku).set(set).where(eq(productSku.unique, unique));
  }
}

/** An offer's SKU row with its spec values by name and the product's SKU of the same spec values (none: removed since). */
export type OfferSkuRow = typeof productSku.$inferSelect & {
  detail: Record<string, string>;
  origin_unique: string;
  origin_stock: number;
};

/**
 * What the merchant detail of an offer (flash sale or presale) `offerId` of product `originId` shows of its specs: its
 * `attr` and its SKUs (cheapest first), each with the product's SKU of the same spec values (`origin_unique`, '' when the
 * shop has removed it, and its `origin_stock`). Each kind builds its own DTO from them.
 */
export async function offerSkus(
  db: Db,
  offerId: number,
  originId: number,
): Promise<{ attr: { value: string; detail: string[] }[]; skus: OfferSkuRow[] }> {
  const [attrs, skus, origins] = await Promise.all([
    db.select().from(productAttr).where(eq(productAttr.productId, offerId)).orderBy(asc(productAttr.sort)),
    db.select().from(productSku).where(eq(productSku.productId, offerId)).orderBy(asc(productSku.price), asc(productSku.sku)),
    db
      .select({ unique: productSku.unique, sku: productSku.sku, stock: productSku.stock })
      .from(productSku)
      .where(eq(productSku.productId, originId)),
  ]);
  const names = attrs.map((a) => a.attrName);
  const origin = new Map(origins.map((o) => [o.sku, o]));
  return {
    attr: attrs.map((a) => ({ value: a.attrName, detail: a.attrValues })),
    skus: skus.map((s) => {
      const values = s.sku === '' ? [] : s.sku.split(SKU_SEPARATOR);
      const o = origin.get(s.sku);
      return {
        ...s,
        detail: Object.fromEntries(names.map((n, i) => [n, values[i] ?? ''])),
        origin_unique: o?.unique ?? '',
        origin_stock: o?.stock ?? 0,
      };
    }),
  };
}

/** Each SKU named once in a body's `attrValue`. */
export function noRepeats(list: { unique: string }[]): void {
  const seen = new Set<string>();
  for (const x of list) {
    if (seen.has(x.unique)) throw new ServiceError('invalid', PRODUCT_TEXT.skuRepeated(x.unique));
    seen.add(x.unique);
  }
}

/**
 * In the caller's transaction: an offer of shop `merId`'s product `originId`, built as the seed builds one (a product row
 * of `productType` copied from the product, its details and specs, one SKU per SKU of the product with the offer's price,
 * deposit and stock, `ot_price` the product's price), its stock taken from the product's own SKUs (reserved), under the
 * product's SKU locks. Every SKU of the product must be given once (`checkPrice` judges each price), with stock the
 * product has, some above 0. Returns the offer's product id (its price and stock rolled up) and name; the caller adds
 * its activity row.
 */
export async function copyForOffer(
  tx: Tx,
  merId: number,
  originId: number,
  offer: {
    productType: number;
    status: number;
    storeName?: string;
    skus: OfferSku[];
    checkPrice: (sku: { unique: string; price: number }, given: OfferSku) => void;
    text: OfferSkuText;
  },
): Promise<{ productId: number; storeName: string }> {
  const locked = await lockSkus(tx, originId);
  const [origin] = await tx.select().from(product).where(ownProduct(merId, originId));
  if (!origin) throw notFound(PRODUCT_GONE);
  const rows = await tx.select().from(productSku).where(eq(productSku.productId, originId));
  const given = new Map(offer.skus.map((x) => [x.unique, x]));
  for (const x of offer.skus) {
    if (!rows.some((r) => r.unique === x.unique)) throw new ServiceError('invalid', PRODUCT_TEXT.skuMissing(x.unique));
  }
  const left = rows.find((r) => !given.has(r.unique));
  if (left) throw new ServiceError('invalid', offer.text.skuLeftOut(left.unique));
  for (const r of rows) {
    const x = given.get(r.unique)!;
    offer.checkPrice(r, x);
    const have = locked.find((s) => s.unique === r.unique)!.stock;
    if (x.stock > have) throw new ServiceError('invalid', offer.text.originShort(r.unique, have));
  }
  if (!offer.skus.some((x) => x.stock > 0)) throw new ServiceError('invalid', offer.text.noStock);

  // The reservation: the product's own SKUs give up what the offer will sell.
  await writeSkus(
    tx,
    rows.filter((r) => given.get(r.unique)!.stock > 0).map((r) => ({ unique: r.unique, stock: r.stock - given.get(r.unique)!.stock })),
  );
  await rollUp(tx, originId);

  const { productId: _, createdAt: _c, updatedAt: _u, ...copy } = origin;
  const [row] = await tx
    .insert(product)
    .values({
      ...copy,
      storeName: offer.storeName ?? origin.storeName,
      productType: offer.productType,
      status: offer.status,
      price: 0,
      otPrice: 0,
      stock: 0,
      sales: 0,
      isHot: false,
      isBest: false,
      isNew: false,
      isGood: false,
      sort: 0,
    })
    .returning({ id: product.productId });
  const productId = row!.id;
  const [content] = await tx.select({ content: productContent.content }).from(productContent).where(eq(productContent.productId, originId));
  await tx.insert(productContent).values({ productId, content: content?.content ?? '' });
  const attrs = await tx.select().from(productAttr).where(eq(productAttr.productId, originId));
  if (attrs.length) await tx.insert(productAttr).values(attrs.map((a) => ({ ...a, productId })));
  await tx.insert(productSku).values(
    rows.map((r) => ({
      ...r,
      unique: newUnique(productId),
      productId,
      price: given.get(r.unique)!.price,
      otPrice: r.price,
      stock: given.get(r.unique)!.stock,
      sales: 0,
      downPrice: given.get(r.unique)!.downPrice ?? 0,
    })),
  );
  await rollUp(tx, productId);
  return { productId, storeName: offer.storeName ?? origin.storeName };
}
