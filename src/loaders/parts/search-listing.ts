import { productListQuery } from '../../shared/schemas/catalogue.ts';
import { toYuan } from '../../shared/money.ts';
import type { ListingState } from '../../components/product/listing-href.ts';
import { ServiceError } from '../../server/services/errors.ts';
import type { ServiceContext } from '../../server/services/context.ts';
import { parseInput } from '../../server/services/input.ts';
import { listProducts } from '../../server/services/catalogue/list-products.ts';
import { orderedRange } from '../../server/services/catalogue/product-query.ts';
import { listBrands, type BrandDto } from '../../server/services/catalogue/list-brands.ts';
import { listParamFilters, type ParamFilter } from '../../server/services/catalogue/list-param-filters.ts';
import { getCategoryTree, ancestorsOf, type CategoryNode } from '../../server/services/catalogue/category-tree.ts';
import { listMerchantTypes } from '../../server/services/merchant/list-merchant-types.ts';
import { listMerchants, type MerchantListItem } from '../../server/services/merchant/list-merchants.ts';
import type { ProductCard } from '../../server/services/catalogue/product-card.ts';
import type { Page } from '../../server/services/input.ts';
import { listHotKeywords } from '../../server/services/site/list-hot-keywords.ts';

/** "99.50" → "99.5", "100.00" → "100": the short form written back into links. */
const shortYuan = (cents?: number) => (cents === undefined ? undefined : toYuan(cents).replace(/\.?0+$/, ''));

/**
 * Reads a listing URL (`sid`, `title`, brand / shop-type csv, `filter_params` JSON, price range, `order`,
 * `page`, `limit`) with the API's own schema: any bad value is a ServiceError 400 with its Chinese message.
 */
export function readListing(params: URLSearchParams): ListingState {
  const raw = Object.fromEntries(params);
  const q = parseInput(productListQuery, { ...raw, keyword: raw.title, cate_pid: raw.sid });
  // Shown as it is searched (`priceBetween`): low to high.
  const [low, high] = orderedRange(q.price_on, q.price_off);
  return {
    sid: q.cate_pid,
    title: q.keyword,
    brand_id: [...new Set(q.brand_id)],
    mer_type_id: [...new Set(q.mer_type_id)],
    filter_params: Object.fromEntries(Object.entries(q.filter_params).map(([k, v]) => [k, [...new Set(v)]])),
    price_on: shortYuan(low),
    price_off: shortYuan(high),
    order: q.order,
    page: q.page,
    limit: raw.limit ? q.limit : undefined,
  };
}

/** Where the shopper is in the category tree: the path from the root, and the categories one level down. */
export interface CategoryFacet {
  path: Pick<CategoryNode, 'store_category_id' | 'cate_name'>[];
  /** Children of the current category; for a leaf its siblings; without a category the roots. */
  options: Pick<CategoryNode, 'store_category_id' | 'cate_name'>[];
}

export interface SearchListing {
  products: Page<ProductCard>;
  category: CategoryFacet;
  brands: BrandDto[];
  types: { mer_type_id: number; type_name: string }[];
  params: ParamFilter[];
  merchants: Page<MerchantListItem> | null;
  /** Hot keywords to try instead, only when nothing matched. */
  suggestions: string[];
}

const brief = (n: CategoryNode) => ({ store_category_id: n.store_category_id, cate_name: n.cate_name });

/**
 * Everything `/goods_search` and `/goods_cate` show, loaded in parallel: the product page, the category
 * path and options, brand / shop-type / parameter facets and (with a keyword or shop type) 3 matching
 * shops. An unknown or hidden category is a 404.
 */
export async function loadSearchListing(ctx: ServiceContext, s: ListingState, limit: number): Promise<SearchListing> {
  const tree = await getCategoryTree(ctx);
  const node = s.sid === undefined ? undefined : tree.byId.get(s.sid);
  if (s.sid !== undefined && !node) throw new ServiceError('not_found', '商品分类不存在');
  const keyword = s.title;
  const [products, brands, types, params, merchants] = await Promise.all([
    listProducts(ctx, { ...s, keyword, cate_pid: s.sid, limit: s.limit ?? limit }),
    listBrands(ctx, { keyword, cate_id: s.sid, limit: 100 }),
    listMerchantTypes(ctx),
    listParamFilters(ctx, { keyword, cate_id: s.sid }),
    keyword || s.mer_type_id.length ? listMerchants(ctx, { keyword, type_id: s.mer_type_id, limit: 3 }) : Promise.resolve(null),
  ]);
  const parent = node?.pid ? tree.byId.get(node.pid) : undefined;
  const options = !node ? tree.list : node.children.length ? node.children : parent ? parent.children : tree.list;
  return {
    products,
    category: { path: node ? ancestorsOf(tree, node.store_category_id).map(brief) : [], options: options.map(brief) },
    brands: brands.list,
    types,
    params,
    merchants,
    suggestions: products.count
      ? []
      : (await listHotKeywords(ctx))
          .map((k) => k.keyword)
          .filter((k) => k !== keyword)
          .slice(0, 8),
  };
}
