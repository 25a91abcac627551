import sharp from 'sharp';

/**
 * PNG copies of the mall's SVG pictures for link previews: `og:image` readers (WeChat, Weibo, Facebook, X) do not
 * show SVG. A picture is drawn at its own size (at most `MAX_SIDE` on its longest side) and kept in a small cache
 * by id, since its SVG never changes; a crawler asking again costs nothing, and distinct ids are the seeded pictures.
 */
export const MAX_SIDE = 1200;
const CACHED = 64;
const cache = new Map<string, Uint8Array>();

/** The PNG of SVG `svg` (media id `id`), `width` × `height` as stored, scaled down to fit `MAX_SIDE`. */
export async function socialPng(id: string, svg: string, width: number, height: number): Promise<Uint8Array> {
  const hit = cache.get(id);
  if (hit) {
    cache.delete(id);
    cache.set(id, hit);
    return hit;
  }
  const scale = Math.min(1, MAX_SIDE / Math.max(width, height, 1));
  const png = await sharp(Buffer.from(svg), { limitInputPixels: MAX_SIDE * MAX_SIDE * 4 })
    .resize({ width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)), fit: 'fill' })
    .flatten({ background: '#ffffff' })
    .png()
    .toBuffer();
  const bytes = new Uint8Array(png);
  cache.set(id, bytes);
  if (cache.size > CACHED) cache.delete(cache.keys().next().value!);
  return bytes;
}
