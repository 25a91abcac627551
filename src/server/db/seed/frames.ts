import { and, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import * as s from '../schema/index.ts';
import { SVG_MIME } from './catalogue-images.ts';

export const DEMO_FRAME_ID = 1;
export const DEMO_FRAME_MEDIA = 'frame-year-end';
/** The top-level category whose products wear the demo frame. */
export const DEMO_FRAME_CATEGORY = '食品';

/**
 * The demo frame: a red and gold border with a ribbon, transparent inside, drawn for the 800 px product pictures and
 * shown at card size (220 px), so its words are large.
 */
const FRAME_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#d4161d"/><stop offset="1" stop-color="#ff5a1f"/></linearGradient></defs>
<path fill="url(#g)" fill-rule="evenodd" d="M0 0h800v800H0zM22 22v638h756V22z"/>
<rect x="0" y="660" width="800" height="140" fill="url(#g)"/>
<rect x="22" y="22" width="756" height="638" fill="none" stroke="#ffd36b" stroke-width="6"/>
<text x="400" y="756" fill="#fff" font-family="'Noto Sans CJK SC','PingFang SC','Microsoft YaHei',sans-serif" font-size="84" font-weight="700" text-anchor="middle">年终好物节</text>
<path fill="#ffd36b" d="M22 22h176l-44 60H22z"/>
<text x="92" y="66" fill="#b3121a" font-family="'Noto Sans CJK SC','PingFang SC','Microsoft YaHei',sans-serif" font-size="38" font-weight="700" text-anchor="middle">限时</text>
</svg>`;

/**
 * One activity frame on the food products (the reference's `border_pic`), from the day before the seed for 60 days, so the
 * demo mall's cards show what an operator's campaign looks like. Keyed by fixed ids (ON CONFLICT DO NOTHING).
 */
export async function seedFrames(db: Db, at = new Date()): Promise<void> {
  await db
    .insert(s.media)
    .values({ mediaId: DEMO_FRAME_MEDIA, mime: SVG_MIME, body: FRAME_SVG, width: 800, height: 800 })
    .onConflictDoNothing();
  const [food] = await db
    .select({ id: s.storeCategory.storeCategoryId })
    .from(s.storeCategory)
    .where(and(eq(s.storeCategory.cateName, DEMO_FRAME_CATEGORY), eq(s.storeCategory.level, 1)));
  if (!food) return;
  const start = new Date(at.getTime() - 86_400_000);
  await db
    .insert(s.activityFrame)
    .values({
      frameId: DEMO_FRAME_ID,
      name: '年终好物节',
      pic: `/media/${DEMO_FRAME_MEDIA}.svg`,
      scope: 1,
      scopeIds: [food.id],
      startTime: start,
      endTime: new Date(start.getTime() + 60 * 86_400_000),
    })
    .onConflictDoNothing();
}
