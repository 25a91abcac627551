/** Merchant (shop) wording shared by its pages and components. */

/** Sorts of a merchant's product list (`/store/category?order=`). */
export const MERCHANT_PRODUCT_SORTS = [
  // The shop's default order is its best sellers, so "sales" is the default entry.
  { order: '', label: '销量' },
  { order: 'rate', label: '评分' },
  { order: 'is_new', label: '新品' },
  { order: 'price_asc', label: '价格从低到高' },
  { order: 'price_desc', label: '价格从高到低' },
] as const;

/** Sorts of the merchant search (`/shop_more?order=`). */
export const MERCHANT_SORTS = [
  { order: '', label: '默认' },
  { order: 'sales', label: '销量' },
  { order: 'rate', label: '好评' },
  { order: 'care_count', label: '人气' },
] as const;

/** What a closed or unknown merchant's pages say (the 404 picture's heading). */
export const MERCHANT_CLOSED = '店铺不存在或已关闭';
