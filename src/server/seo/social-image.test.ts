import { describe, it, expect } from 'vitest';
import { socialImage } from './social-image.ts';

describe('socialImage (og:image)', () => {
  const origin = 'https://mall.example';
  it('names the PNG copy of the mall\u2019s SVG pictures and of the bundled logo', () => {
    expect(socialImage('https://mall.example/media/p1-1.svg', origin)).toBe('https://mall.example/media/p1-1.png');
    expect(socialImage('https://mall.example/images/logo.svg', origin)).toBe('https://mall.example/images/logo.png');
  });
  it('leaves raster pictures, other SVGs and other sites\u2019 pictures as they are', () => {
    for (const href of [
      'https://mall.example/media/u12ab.webp',
      'https://mall.example/images/top-banner.svg',
      'https://cdn.example/media/p1-1.svg',
    ]) {
      expect(socialImage(href, origin)).toBe(href);
    }
  });
});
