/**
 * The demo mall's banners above the four curated lists (`/goods_list?type=`, `GET /api/pc/hot_banner/{type}`): one
 * each, a generated picture leading to the promotion it names, as an operator would set them (display group
 * `pc_hot_banner_<type>`). Fixed ids and ON CONFLICT DO NOTHING: an operator's edit or removal is kept.
 */
import type { Db } from '../client.ts';
import * as s from '../schema/index.ts';
import type { HotType } from '../../../shared/schemas/catalogue.ts';
import { url } from '../../../shared/routes.ts';
import type { Pictogram } from './catalogue-data.ts';
import { bannerImage, mediaUrl } from './catalogue-images.ts';

interface HotBannerSpec {
  /** Its display-group row. */
  groupDataId: number;
  icon: Pictogram;
  title: string;
  subtitle: string;
  link: string;
}

export const HOT_BANNERS: Record<HotType, HotBannerSpec> = {
  best: { groupDataId: 2, icon: 'lipstick', title: '精品推荐', subtitle: '商城精选 · 品质好物 · 领券再享优惠', link: url('couponCenter') },
  hot: { groupDataId: 3, icon: 'phone', title: '热门榜单', subtitle: '大家都在买 · 限时秒杀低至五折', link: url('goodsSeckill') },
  new: { groupDataId: 4, icon: 'shirt', title: '首发新品', subtitle: '新品抢先购 · 付定金锁定好价', link: url('goodsPresell') },
  good: { groupDataId: 5, icon: 'home', title: '推荐单品', subtitle: '好店好物 · 逛逛店铺街', link: url('shopStreet') },
};

const mediaId = (type: HotType) => `hot-banner-${type}`;

export async function seedHotBanners(db: Db): Promise<void> {
  const specs = Object.entries(HOT_BANNERS) as [HotType, HotBannerSpec][];
  await db
    .insert(s.media)
    .values(specs.map(([type, b], i) => bannerImage(mediaId(type), 900 + i, b.icon, b.title, b.subtitle)))
    .onConflictDoNothing();
  await db
    .insert(s.groupData)
    .values(
      specs.map(([type, b]) => ({
        groupDataId: b.groupDataId,
        groupKey: `pc_hot_banner_${type}`,
        value: { image: mediaUrl(mediaId(type)), link: b.link, alt: `${b.title} ${b.subtitle}` },
        sort: 0,
      })),
    )
    .onConflictDoNothing();
}
