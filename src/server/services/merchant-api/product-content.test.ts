import { describe, it, expect } from 'vitest';
import { cleanProductContent } from './product-content.ts';

describe('cleanProductContent (a shop\u2019s details tab)', () => {
  it('drops scripts, handlers, links, frames, styles and pictures from elsewhere, keeping the layout and site pictures', () => {
    const dirty =
      '<p onclick="steal()">柔软<b>亲肤</b><script>alert(1)</script></p><style>body{display:none}</style>' +
      '<img src="/media/uab12.webp" onerror="x()" style="position:fixed"><img src="https://evil.example/t.gif">' +
      '<img src="//evil.example/t.gif"><img src="javascript:alert(1)"><a href="javascript:alert(1)">点我</a>' +
      '<iframe src="https://evil.example"></iframe><table class="params evil"><tr><th>产地</th><td>杭州</td></tr></table>';
    const { html, images } = cleanProductContent(dirty);
    expect(html).toBe(
      '<p>柔软<b>亲肤</b></p><img src="/media/uab12.webp" />点我<table class="params"><tr><th>产地</th><td>杭州</td></tr></table>',
    );
    expect(images).toEqual(['/media/uab12.webp']);
  });

  it('turns plain text into paragraphs, escaped', () => {
    expect(cleanProductContent('第一行\n\n第二行 <3 & "好"\n').html).toBe('<p>第一行</p><p>第二行 &lt;3 &amp; "好"</p>');
    expect(cleanProductContent('   ')).toEqual({ html: '', images: [] });
  });

  it('passes the demo seed\u2019s details unchanged, so a seeded product edited through the API looks the same', () => {
    const seeded =
      '<p>轻薄长续航</p><p><img src="/media/p3-2.svg" width="790" height="790" alt="笔记本" loading="lazy" /></p>' +
      '<table class="params"><tr><th>屏幕尺寸</th><td>14英寸</td></tr></table>';
    expect(cleanProductContent(seeded)).toEqual({ html: seeded, images: ['/media/p3-2.svg'] });
  });

  it('gives an uploaded picture without a size the size it has, keeping a size the merchant wrote', () => {
    const sizes = new Map([
      ['/media/uab12.webp', { width: 750, height: 1000 }],
      ['/media/ucd34.webp', { width: 400, height: 300 }],
    ]);
    const { html } = cleanProductContent(
      '<img src="/media/uab12.webp" alt="细节"><img src="/media/ucd34.webp" width="200" height="150">',
      sizes,
    );
    expect(html).toBe(
      '<img src="/media/uab12.webp" alt="细节" width="750" height="1000" loading="lazy" /><img src="/media/ucd34.webp" width="200" height="150" />',
    );
  });
});
