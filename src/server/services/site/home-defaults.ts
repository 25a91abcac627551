import { url } from '../../../shared/routes.ts';

/**
 * Used only while the operator has configured no `pc_home_tab` / `pc_home_banner` entries: the promotion
 * routes of this build, and banners (static SVGs in public/images/home) that point at them.
 */
export const HOME_TABS = [
  { label: '首页', link: url('home') },
  { label: '限时秒杀', link: url('goodsSeckill') },
  { label: '预售专区', link: url('goodsPresell') },
  { label: '领券中心', link: url('couponCenter') },
  { label: '店铺街', link: url('shopStreet') },
  { label: '热销榜单', link: url('goodsList', { type: 'hot' }) },
];

export const HOME_BANNERS = [
  { image: '/images/home/banner-seckill.svg', link: url('goodsSeckill'), alt: '限时秒杀 每两小时一场 低至五折' },
  { image: '/images/home/banner-coupon.svg', link: url('couponCenter'), alt: '领券中心 好券天天领 满减叠加更划算' },
  { image: '/images/home/banner-presell.svg', link: url('goodsPresell'), alt: '新品预售 付定金锁定好价' },
];
