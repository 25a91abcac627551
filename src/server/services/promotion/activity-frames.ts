import { and, desc, eq, gt } from 'drizzle-orm';
import { activityFrame } from '../../db/schema/index.ts';
import type { ServiceContext } from '../context.ts';
import { cached, CACHE_KEYS } from '../cache.ts';
import { getCategoryTree, leafIdsUnder } from '../catalogue/category-tree.ts';
import { now } from '../dates.ts';

/** Frame scopes (`activity_frame.scope`): every product, categories (any level), shops, products. */
export const FRAME_SCOPE = { all: 0, category: 1, merchant: 2, product: 3 } as const;

/** A frame not yet ended, with its scope resolved to the ids a card carries (category ids to their leaves). */
export interface LiveFrame {
  frameId: number;
  pic: string;
  start: number;
  end: number;
  scope: number;
  ids: ReadonlySet<number>;
}

/** What a card is matched on. */
export interface FramedCard {
  product_id: number;
  mer_id: number;
  cate_id: number;
}

/**
 * The switched-on frames that have not ended, best first (highest `sort`, then newest), read at most once a minute
 * (the operator's changes drop it at once). Each card checks a frame's window itself, so one starting or ending
 * shows on the next card built.
 */
export function liveFrames(ctx: Pick<ServiceContext, 'db'>): Promise<LiveFrame[]> {
  return cached(ctx.db, CACHE_KEYS.frames, () => readLiveFrames(ctx), 60_000);
}

async function readLiveFrames(ctx: Pick<ServiceContext, 'db'>): Promise<LiveFrame[]> {
  const rows = await ctx.db
    .select()
    .from(activityFrame)
    .where(and(eq(activityFrame.isDel, false), eq(activityFrame.status, true), gt(activityFrame.endTime, now())))
    .orderBy(desc(activityFrame.sort), desc(activityFrame.frameId));
  const tree = rows.some((r) => r.scope === FRAME_SCOPE.category) ? await getCategoryTree(ctx) : null;
  return rows.map((r) => ({
    frameId: r.frameId,
    pic: r.pic,
    start: r.startTime.getTime(),
    end: r.endTime.getTime(),
    scope: r.scope,
    ids: new Set(tree && r.scope === FRAME_SCOPE.category ? r.scopeIds.flatMap((id) => leafIdsUnder(tree, id)) : r.scopeIds),
  }));
}

/** The picture of the best frame on `card` at `at` (ms), or '' (the reference's optional `border_pic`). */
export function frameOf(frames: readonly LiveFrame[], card: FramedCard, at: number): string {
  for (const f of frames) {
    if (at < f.start || at >= f.end) continue;
    const key =
      f.scope === FRAME_SCOPE.all
        ? null
        : f.scope === FRAME_SCOPE.category
          ? card.cate_id
          : f.scope === FRAME_SCOPE.merchant
            ? card.mer_id
            : card.product_id;
    if (key === null || f.ids.has(key)) return f.pic;
  }
  return '';
}
