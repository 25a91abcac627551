import { describe, it, expect, beforeAll } from 'vitest';
import { createTestDatabase, visitorContext } from '../../../../tests/helpers/test-db.ts';
import type { Database } from '../../db/client.ts';
import { media } from '../../db/schema/index.ts';
import { getMedia } from './get-media.ts';
import { getProductDetail } from '../catalogue/get-product-detail.ts';

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
});

describe('getMedia', () => {
  it('serves the generated SVG of a product image URL with its size', async () => {
    const d = await getProductDetail(visitorContext(db), { id: 1 });
    const id = d.image.replace(/^\/media\//, '');
    const file = await getMedia(visitorContext(db), { id });
    expect(file).toMatchObject({ mime: 'image/svg+xml', width: 800, height: 800 });
    expect(String(file.body)).toMatch(/^<svg [^>]*width="800" height="800"/);
    expect(String(file.body)).toContain('羽绒服');
  });

  it('has a picture for every image URL the seed hands out', async () => {
    const { sql } = await import('drizzle-orm');
    const missing = await db.db.execute(sql`
      select u from (
        select image u from product union select jsonb_array_elements_text(slider_image) from product
        union select mer_avatar from merchant union select mer_banner from merchant
        union select jsonb_array_elements_text(licence_images) from merchant union select pic from store_category union select pic from brand
      ) t where u not in (select '/media/' || media_id || '.svg' from media)`);
    expect((missing as unknown as { rows: unknown[] }).rows).toEqual([]);
  });

  it('serves binary images as bytes', async () => {
    await db.db
      .insert(media)
      .values({ mediaId: 'test-png', mime: 'image/png', bytes: new Uint8Array([137, 80, 78, 71]), width: 1, height: 1 });
    const file = await getMedia(visitorContext(db), { id: 'test-png.png' });
    expect(file.mime).toBe('image/png');
    expect([...(file.body as Uint8Array)]).toEqual([137, 80, 78, 71]);
  });

  it('is a 404 for unknown ids and refuses path tricks', async () => {
    await expect(getMedia(visitorContext(db), { id: 'nope.svg' })).rejects.toMatchObject({ status: 404, message: '图片不存在' });
    for (const id of ['../etc/passwd', '', 'a/b', 'x'.repeat(80)]) {
      await expect(getMedia(visitorContext(db), { id })).rejects.toMatchObject({ status: 400, message: '图片不存在' });
    }
  });
});
