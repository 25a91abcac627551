import { describe, it, expect } from 'vitest';
import QRCode from 'qrcode';
import { isPublicPagePath, pageQrSrc, pageQrSvg } from './page-qr.ts';

describe('QR codes of our pages', () => {
  it("draws the code of the page's absolute address at the mall's origin", async () => {
    const svg = await pageQrSvg('https://mall.example', '/goods_detail/12');
    expect(svg).toBe(
      await QRCode.toString([{ data: Buffer.from('https://mall.example/goods_detail/12'), mode: 'byte' }], {
        type: 'svg',
        margin: 1,
        errorCorrectionLevel: 'M',
        maskPattern: 2,
      }),
    );
    expect(svg).not.toBe(await pageQrSvg('https://other.example', '/goods_detail/12'));
    expect(await pageQrSvg('https://mall.example', '/')).toMatch(/^<svg /);
  });

  it('draws public pages of ours only', async () => {
    for (const ok of ['/', '/goods_detail/12', '/goods_seckill_detail/3', '/goods_presell_detail/4', '/store', '/news_list'])
      expect(isPublicPagePath(ok), ok).toBe(true);
    for (const bad of [
      '',
      'goods_detail/1',
      '/user',
      '/shopping_cart',
      '/api/user',
      '//evil.example/x',
      'https://evil.example/',
      '/goods_detail/1?x=1',
      '/nowhere',
      '/goods_detail/1/2',
      `/${'a'.repeat(300)}`,
    ])
      expect(isPublicPagePath(bad), bad).toBe(false);
    expect(await pageQrSvg('https://mall.example', '/user')).toBeNull();
  });

  it('names the picture by the path', () => {
    expect(pageQrSrc('/goods_detail/12')).toBe('/qr.svg?path=%2Fgoods_detail%2F12');
  });
});
