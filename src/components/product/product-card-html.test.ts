import { describe, it, expect } from 'vitest';
import type { Pricing } from '../../server/pricing/pricing.ts';
import { productCardHtml } from './product-card-html.ts';

const pricing = (base: boolean): Pricing => ({
  currency: base ? 'CNY' : 'USD',
  symbol: base ? '¥' : 'US$',
  base,
  rate: base ? '' : '0.14',
  rateDate: '',
  show: (p) => `${base ? '¥' : 'US$'}${p}`,
  amount: (p) => String(p),
  charged: (p) => `¥${p}`,
});
const product = {
  product_id: 7,
  store_name: '茶 <b>"特价"</b> & \'新品\'',
  image: '/media/p7-1.svg?a=1&b=2',
  price: '10.00',
  ot_price: '12.00',
  sales: 3,
  issetCoupon: true,
  merchant: { mer_name: '小<i>店</i>', is_trader: 1 },
};

describe('the product card as HTML', () => {
  it('escapes every text and attribute as Astro does, and links to the product', () => {
    const html = productCardHtml(product, pricing(true));
    expect(html).toBe(
      '<article class="card"><a class="card__link" href="/goods_detail/7">' +
        '<img class="card__img" src="/media/p7-1.svg?a=1&amp;b=2" alt="茶 &lt;b&gt;&quot;特价&quot;&lt;/b&gt; &amp; &#39;新品&#39;" width="220" height="220" loading="lazy" decoding="async">' +
        '<div class="card__price"><span class="price card__now" data-price>¥10.00</span><del class="price card__ot" data-price>¥12.00</del></div>' +
        '<h3 class="card__name">茶 &lt;b&gt;&quot;特价&quot;&lt;/b&gt; &amp; &#39;新品&#39;</h3></a>' +
        '<div class="card__meta"><span class="tag tag--coupon">券</span><span class="tag tag--self">自营</span><span class="card__sales">已售 3</span></div>' +
        '<p class="card__shop">小&lt;i&gt;店&lt;/i&gt;</p></article>',
    );
  });

  it('loads eagerly above the fold, takes its own link and heading, and shows the charged price in another currency', () => {
    const html = productCardHtml({ ...product, ot_price: '9.00', merchant: null, sales: undefined, issetCoupon: false }, pricing(false), {
      eager: true,
      href: '/goods_seckill_detail/3',
      headingLevel: 4,
    });
    expect(html).toContain('href="/goods_seckill_detail/3"');
    expect(html).toContain('loading="eager" decoding="async" fetchpriority="high">');
    expect(html).toContain('<h4 class="card__name">');
    expect(html).toContain('<span class="price card__now" title="实付 ¥10.00" data-price>US$10.00</span></div>');
    expect(html).not.toContain('card__ot');
    expect(html).toContain('<div class="card__meta"></div></article>');
  });

  it('shows the rating and the sales unit on every list; 包邮 and the shop type only where the list asks', () => {
    const rated = {
      ...product,
      issetCoupon: false,
      unit_name: '<件>',
      rate: 4.6,
      delivery_free: 1,
      merchant: { mer_name: '店', is_trader: 0, type_name: '旗舰店' },
    };
    const plain = productCardHtml(rated, pricing(true));
    expect(plain).toContain(
      '<div class="card__meta"><span class="card__sales">已售 3&lt;件&gt;</span><span class="card__rate" title="商品评分（满分5分）">4.6分</span></div>',
    );
    expect(plain).toContain('<p class="card__shop">店</p>');
    const detailed = productCardHtml(rated, pricing(true), { details: true });
    expect(detailed).toContain('<div class="card__meta"><span class="tag tag--free">包邮</span><span class="card__sales">');
    expect(detailed).toContain('<p class="card__shop">店 <span class="card__type">旗舰店</span></p>');
    // Not rated yet, or not shipped free: nothing is said.
    const bare = productCardHtml({ ...rated, rate: 0, delivery_free: 0 }, pricing(true), { details: true });
    expect(bare).not.toContain('card__rate');
    expect(bare).not.toContain('包邮');
  });
});
