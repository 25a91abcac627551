/** Generates one product (SPU, specs, SKUs, parameters, shop category, reviews) as a pure function of its id. */
import { documentTokens, filterToken } from '../../../shared/search-tokens.ts';
import { parameterIdByName, brandIdByName, type LeafInfo } from './catalogue-data.ts';
import { shopLeaves, brandOfShop, shopCateId, DEMO_MERCHANTS } from './catalogue-merchants.ts';
import { entityRng, hash32, SEED_EPOCH, HOUR, type Rng } from './catalogue-random.ts';
import { reviewRows, averageRate } from './catalogue-reviews.ts';
import { mediaUrl } from './catalogue-images.ts';
import { buildSkus, type SkuRow } from './catalogue-skus.ts';

/** Normal products of the demo mall: ids 1..600. Activity rows (seckill, presell) follow at 601+. */
export const DEMO_PRODUCTS = 600;

export interface GenerateOptions {
  merchantCount: number;
  /** Bench mall: reuse per-category pictures instead of three pictures per product. */
  sharedImages?: boolean;
  /** Most reviews one product gets. */
  maxReviews?: number;
}

export interface GeneratedProduct {
  product: ReturnType<typeof productRow>;
  content: { productId: number; content: string };
  attrs: { productId: number; sort: number; attrName: string; attrValues: string[] }[];
  skus: SkuRow[];
  params: { productId: number; parameterId: number; value: string; sort: number }[];
  shopCategory: { merCateId: number; productId: number };
  reviews: ReturnType<typeof reviewRows>;
  leaf: LeafInfo;
  brandName: string;
}

export function merchantOfProduct(id: number, merchantCount: number): number {
  return ((id - 1) % (id <= DEMO_PRODUCTS ? Math.min(DEMO_MERCHANTS, merchantCount) : merchantCount)) + 1;
}

/** Image ids of a product: its own three pictures, or one of eight shared pictures of its category. */
export function productImageIds(id: number, leaf: LeafInfo, shared: boolean): string[] {
  if (!shared) return [1, 2, 3].map((v) => `p${id}-${v}`);
  const k = hash32(id) % 8;
  return [0, 1, 2].map((v) => `c${leaf.id}-${(k + v) % 8}`);
}

function productRow(id: number, r: Rng, leaf: LeafInfo, merId: number, brand: string, images: string[]) {
  const title = r.pick(leaf.titles);
  const [f1, f2] = r.sample(leaf.features, 2);
  const storeName = `${brand} ${title} ${f1}`;
  const keyword = [brand, leaf.name, leaf.groupName, leaf.top.name, leaf.words ?? ''].filter(Boolean).join(',');
  const urls = images.map(mediaUrl);
  return {
    productId: id,
    merId,
    storeName,
    storeInfo: `${f1}，${f2}。${leaf.top.name}好物，${brand}品质之选。`,
    keyword,
    image: urls[0]!,
    sliderImage: urls,
    cateId: leaf.id,
    brandId: brandIdByName.get(brand) ?? null,
    unitName: leaf.unit,
    price: 0,
    otPrice: 0,
    stock: 0,
    sales: 0,
    rate: '5.0',
    isHot: r.chance(0.12),
    isBest: r.chance(0.1),
    isNew: r.chance(0.12),
    isGood: r.chance(0.1),
    productType: 0,
    onceMinCount: leaf.onceMin ?? 0,
    onceMaxCount: leaf.onceMax ?? 0,
    deliveryFree: r.chance(0.6),
    status: id > 2 && r.chance(0.005) ? 0 : 1,
    sort: r.int(0, 100),
    searchTokens: documentTokens(storeName, keyword),
    filterTokens: [] as string[],
    createdAt: new Date(SEED_EPOCH + ((id * 7919) % 8760) * HOUR),
    // Unchanged since it was listed.
    updatedAt: new Date(SEED_EPOCH + ((id * 7919) % 8760) * HOUR),
  };
}

/** The description: its words and pictures. The parameters are not repeated in it: the page shows them (规格参数). */
function contentHtml(name: string, info: string, images: string[]): string {
  const pics = images.map((src) => `<p><img src="${src}" width="790" height="790" alt="${name}" loading="lazy"></p>`).join('');
  return `<p>${info}</p>${pics}`;
}

/** Everything about product `id`; the same id always gives the same product. */
export function generateProduct(id: number, opts: GenerateOptions): GeneratedProduct {
  const r = entityRng('product', id);
  const merId = merchantOfProduct(id, opts.merchantCount);
  const leaf = r.pick(shopLeaves(merId));
  const brandId = brandOfShop(merId);
  const brand =
    brandId && leaf.top.brands.some((b) => brandIdByName.get(b) === brandId)
      ? leaf.top.brands.find((b) => brandIdByName.get(b) === brandId)!
      : r.pick(leaf.top.brands);
  const images = productImageIds(id, leaf, !!opts.sharedImages);
  const product = productRow(id, r, leaf, merId, brand, images);
  const built = buildSkus(r, id, leaf, product.image, id <= 2);
  const params = leaf.top.params.map((p, i) => ({
    productId: id,
    parameterId: parameterIdByName.get(p.name)!,
    value: r.pick(p.values),
    sort: i,
  }));
  const reviews = reviewRows(r, {
    productId: id,
    noun: leaf.name,
    skus: built.skus.map((s) => s.sku).filter(Boolean),
    images: product.sliderImage,
    createdAt: product.createdAt.getTime(),
    count: r.chance(0.15) ? 0 : r.int(1, opts.maxReviews ?? 12),
  });
  Object.assign(product, {
    price: Math.min(...built.skus.map((s) => s.price)),
    otPrice: Math.min(...built.skus.map((s) => s.otPrice)),
    stock: built.skus.reduce((n, s) => n + s.stock, 0),
    sales: built.skus.reduce((n, s) => n + s.sales, 0),
    rate: averageRate(reviews),
    filterTokens: params.map((p) => filterToken(p.parameterId, p.value)),
  });
  const content = contentHtml(product.storeName, product.storeInfo, product.sliderImage.slice(1));
  return {
    product,
    content: { productId: id, content },
    attrs: built.attrs,
    skus: built.skus,
    params,
    shopCategory: { merCateId: shopCateId(merId, leaf.id), productId: id },
    reviews,
    leaf,
    brandName: brand,
  };
}
