import { describe, it, expect } from 'vitest';
import sharp from 'sharp';
import { socialPng, MAX_SIDE } from './social-png.ts';

const svg = (w: number, h: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="#e93323"/></svg>`;

describe('socialPng (link-preview copies of SVG pictures)', () => {
  it('draws the picture as PNG at its own size, with its colours', async () => {
    const png = await socialPng('t-800', svg(800, 600), 800, 600);
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ format: 'raw', width: 800, height: 600 });
    expect([...data.subarray(0, 3)]).toEqual([0xe9, 0x33, 0x23]);
    expect((await sharp(png).metadata()).format).toBe('png');
  });

  it('scales a large picture down to fit, keeping its shape', async () => {
    const meta = await sharp(await socialPng('t-3000', svg(3000, 1500), 3000, 1500)).metadata();
    expect([meta.width, meta.height]).toEqual([MAX_SIDE, MAX_SIDE / 2]);
  });
});
