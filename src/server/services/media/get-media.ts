import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { media } from '../../db/schema/index.ts';
import type { ServiceContext } from '../context.ts';
import { parseInput, notFound } from '../input.ts';

/** `p12-1`, `mer-3-avatar`, optionally with the extension of its URL (`/media/p12-1.svg`). */
const mediaInput = z.object({
  id: z
    .string({ error: '图片不存在' })
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{0,63}(\.(svg|png|jpe?g|webp))?$/i, '图片不存在')
    .transform((s) => s.replace(/\.[a-z]+$/i, '')),
});

export interface MediaFile {
  mime: string;
  /** Text formats (SVG) come as a string, binary ones as bytes. */
  body: string | Uint8Array;
  width: number;
  height: number;
}

/**
 * An image stored in the database, for the `/media/<id>.<ext>` route (which should answer with a long
 * `Cache-Control`: a media id never changes its picture). Unknown ids are a 404.
 */
export async function getMedia(ctx: Pick<ServiceContext, 'db'>, input: { id: string }): Promise<MediaFile> {
  const { id } = parseInput(mediaInput, input);
  const [row] = await ctx.db.select().from(media).where(eq(media.mediaId, id));
  if (!row) throw notFound('图片不存在');
  return { mime: row.mime, body: row.body ?? row.bytes ?? '', width: row.width, height: row.height };
}
