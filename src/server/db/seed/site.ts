import { config } from '../../config.ts';
import { pageQrSrc } from '../../services/media/page-qr.ts';

/** The demo mall's settings: every field of spec section 3 "Site config". */
export async function siteConfigRows(): Promise<{ key: string; value: unknown }[]> {
  const values: Record<string, unknown> = {
    site_name: 'Mallfront 商城',
    site_keywords: 'Mallfront,网上商城,多商户商城,跨境购物,正品低价',
    site_description: 'Mallfront 商城：汇聚数百家品牌店铺的多商户网上商城，品类齐全、多仓直发、正品行货、天天低价。',
    site_logo: '/images/logo.svg',
    site_url: config.siteUrl,
    // The mobile mall's address as a QR code (a picture of its own, not a data URI repeated in every page).
    wechat_qrcode: pageQrSrc('/'),
    sys_phone: '400-820-8820',
    is_open_service: '1',
    copyright: [
      { name: '© 2026 Mallfront 商城 版权所有', url: '#', img: '' },
      { name: '沪ICP备2026000001号-1', url: 'https://beian.miit.gov.cn/', img: '' },
      { name: '增值电信业务经营许可证：沪B2-20260001', url: '#', img: '' },
    ],
  };
  return Object.entries(values).map(([key, value]) => ({ key, value }));
}

export const topBanner = { image: '/images/top-banner.svg', link: '', alt: '双十二年终盛典 领券跨店满300减40' };

export const hotKeywords = ['手机', '连衣裙', '零食', '口红', '笔记本电脑', '运动鞋', '茶叶', '四件套'];
