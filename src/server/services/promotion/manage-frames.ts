import { z } from 'zod';
import { and, count, desc, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { activityFrame, media, merchant, product } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { lockKey } from '../../auth/rate-limit.ts';
import type { ServiceContext } from '../context.ts';
import { ServiceError } from '../errors.ts';
import { notFound, offsetOf, parseInput, type Page } from '../input.ts';
import { invalidate } from '../cache.ts';
import { formatDateTime, now } from '../dates.ts';
import { getCategoryTree } from '../catalogue/category-tree.ts';
import { FURTHEST_END_YEARS, furthestEnd, mallTimeField, numberInput, orDefault, pagination } from '../../../shared/schemas/common.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import { FRAME_SCOPE } from './activity-frames.ts';

/** Frames that have not ended (switched on or off) the operator may keep at once; ended ones do not count. */
export const MAX_LIVE_FRAMES = 50;
/** Ids one frame may name (categories, shops or products). */
export const MAX_FRAME_IDS = 200;

const SCOPE_NAME: Record<number, string> = { 1: '分类', 2: '店铺', 3: '商品' };

/** A frame as the operator API answers it; `state`: 0 not started, 1 showing, -1 ended, -2 switched off. */
export interface FrameDto {
  frame_id: number;
  name: string;
  pic: string;
  scope: number;
  scope_ids: number[];
  start_time: string;
  end_time: string;
  status: number;
  sort: number;
  state: number;
  state_text: string;
  create_time: string;
}

const STATE_TEXT: Record<number, string> = { 0: '未开始', 1: '进行中', [-1]: '已结束', [-2]: '已关闭' };

const flag = (what: string, fallback: number) =>
  orDefault(
    fallback,
    z.preprocess(
      numberInput,
      z.coerce.number({ error: `${what}只能是 0 或 1` }).pipe(z.union([z.literal(0), z.literal(1)], { error: `${what}只能是 0 或 1` })),
    ),
  );

/** The operator's frame (`POST /api/operator/frame/create` and `update/{id}`); every problem is a 400 in Chinese. */
export const frameBody = z
  .object({
    name: z.string({ error: '请填写活动名称' }).trim().min(1, '请填写活动名称').max(30, '活动名称不能超过30个字'),
    pic: z
      .string({ error: '请上传边框图片' })
      .trim()
      .min(1, '请上传边框图片')
      .regex(/^\/media\/[a-z0-9][a-z0-9-]{0,63}\.(webp|svg)$/i, '边框图片须是本站上传的图片（/media/…）'),
    scope: orDefault(
      0,
      z.preprocess(
        numberInput,
        z.coerce.number({ error: '适用范围不正确：0 全部商品，1 分类，2 店铺，3 商品' }).pipe(
          z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)], {
            error: '适用范围不正确：0 全部商品，1 分类，2 店铺，3 商品',
          }),
        ),
      ),
    ),
    scope_ids: z
      .array(
        z.preprocess(
          numberInput,
          z.coerce
            .number({ error: '适用对象的编号格式不正确' })
            .int('适用对象的编号格式不正确')
            .positive('适用对象的编号格式不正确')
            .max(2_147_483_647, '适用对象的编号格式不正确'),
        ),
        {
          error: '适用对象须是编号列表',
        },
      )
      .max(MAX_FRAME_IDS, `适用对象最多${MAX_FRAME_IDS}个`)
      .default([]),
    start_time: mallTimeField('开始时间'),
    end_time: mallTimeField('结束时间'),
    status: flag('开关', 1),
    sort: orDefault(
      0,
      z.preprocess(
        numberInput,
        z.coerce
          .number({ error: '排序须是0到9999的整数' })
          .int('排序须是0到9999的整数')
          .min(0, '排序须是0到9999的整数')
          .max(9999, '排序须是0到9999的整数'),
      ),
    ),
  })
  .superRefine((b, c) => {
    if (b.scope !== FRAME_SCOPE.all && !b.scope_ids.length) c.addIssue({ code: 'custom', message: `请选择适用的${SCOPE_NAME[b.scope]}` });
    if (b.end_time <= b.start_time) c.addIssue({ code: 'custom', message: '结束时间须晚于开始时间' });
  })
  .transform((b) => ({ ...b, scope_ids: b.scope === FRAME_SCOPE.all ? [] : [...new Set(b.scope_ids)].sort((x, y) => x - y) }));

/** What the verbs and clients accept: any subset of the fields, unchecked (the schema checks). */
export type FrameBody = { [K in keyof z.input<typeof frameBody>]?: unknown };

const listQuery = z.object({
  ...pagination,
  /** 0 not started, 1 showing, -1 ended, -2 switched off; absent: all. */
  // Read strictly (numberInput): coercion read `state=[]` or `false` as 0 and `true` as 1.
  state: z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : numberInput(v)),
    z.coerce
      .number({ error: '状态不正确' })
      .pipe(z.union([z.literal(0), z.literal(1), z.literal(-1), z.literal(-2)], { error: '状态不正确' }))
      .optional(),
  ),
});

function stateOf(f: typeof activityFrame.$inferSelect, at: Date): number {
  if (!f.status) return -2;
  if (f.endTime <= at) return -1;
  return f.startTime > at ? 0 : 1;
}

function toDto(f: typeof activityFrame.$inferSelect, at = now()): FrameDto {
  const state = stateOf(f, at);
  return {
    frame_id: f.frameId,
    name: f.name,
    pic: f.pic,
    scope: f.scope,
    scope_ids: f.scopeIds,
    start_time: formatDateTime(f.startTime)!,
    end_time: formatDateTime(f.endTime)!,
    status: f.status ? 1 : 0,
    sort: f.sort,
    state,
    state_text: STATE_TEXT[state]!,
    create_time: formatDateTime(f.createdAt)!,
  };
}

function stateWhere(state: number | undefined, at: Date): SQL | undefined {
  if (state === undefined) return undefined;
  if (state === -2) return eq(activityFrame.status, false);
  const on = eq(activityFrame.status, true);
  if (state === -1) return and(on, lte(activityFrame.endTime, at));
  if (state === 0) return and(on, gt(activityFrame.startTime, at));
  return and(on, lte(activityFrame.startTime, at), gt(activityFrame.endTime, at));
}

/** `GET /api/operator/frame/lst?page&limit&state`: the frames, newest first. */
export async function listFrames(ctx: ServiceContext, input: unknown): Promise<Page<FrameDto>> {
  const q = parseInput(listQuery, input);
  const at = now();
  const where = and(eq(activityFrame.isDel, false), stateWhere(q.state, at));
  const [[counted], rows] = await Promise.all([
    ctx.db.select({ n: count() }).from(activityFrame).where(where),
    ctx.db.select().from(activityFrame).where(where).orderBy(desc(activityFrame.frameId)).limit(q.limit).offset(offsetOf(q.page, q.limit)),
  ]);
  return { count: counted?.n ?? 0, list: rows.map((r) => toDto(r, at)) };
}

async function findFrame(ctx: Pick<ServiceContext, 'db'>, id: unknown): Promise<typeof activityFrame.$inferSelect> {
  // A malformed id is a 400 (边框ID格式不正确), as everywhere; a well-formed one that names no frame a 404.
  const { id: frameId } = parseInput(z.object({ id: idField('边框ID') }), { id });
  const [row] = await ctx.db
    .select()
    .from(activityFrame)
    .where(and(eq(activityFrame.frameId, frameId), eq(activityFrame.isDel, false)));
  if (!row) throw notFound('活动边框不存在');
  return row;
}

/** `GET /api/operator/frame/detail/{id}`. */
export async function getFrame(ctx: ServiceContext, id: unknown): Promise<FrameDto> {
  return toDto(await findFrame(ctx, id));
}

type CheckedFrame = z.output<typeof frameBody>;

/**
 * A frame's end must be in the future and at most `FURTHEST_END_YEARS` ahead (the year 9999 is a frame that never ends,
 * as for a shop's offers). An update that keeps the frame's end (`kept`) is not checked again.
 */
function checkEnd(end: Date, kept?: Date): void {
  if (kept && end.getTime() === kept.getTime()) return;
  if (end <= now()) throw new ServiceError('invalid', '结束时间须晚于当前时间');
  if (end > furthestEnd(now())) throw new ServiceError('invalid', `结束时间不能晚于${FURTHEST_END_YEARS}年后`);
}

/** The picture and every id the frame names must exist: a 400 naming the first that does not. */
async function checkReferences(ctx: Pick<ServiceContext, 'db'>, b: CheckedFrame): Promise<void> {
  const mediaId = b.pic.slice('/media/'.length, b.pic.lastIndexOf('.'));
  const [pic] = await ctx.db.select({ id: media.mediaId }).from(media).where(eq(media.mediaId, mediaId));
  if (!pic) throw new ServiceError('invalid', '边框图片不存在，请先上传');
  if (b.scope === FRAME_SCOPE.all) return;
  let known: Set<number>;
  if (b.scope === FRAME_SCOPE.category) {
    const tree = await getCategoryTree(ctx);
    known = new Set(b.scope_ids.filter((id) => tree.byId.has(id)));
  } else if (b.scope === FRAME_SCOPE.merchant) {
    const rows = await ctx.db.select({ id: merchant.merId }).from(merchant).where(inArray(merchant.merId, b.scope_ids));
    known = new Set(rows.map((r) => r.id));
  } else {
    const rows = await ctx.db.select({ id: product.productId }).from(product).where(inArray(product.productId, b.scope_ids));
    known = new Set(rows.map((r) => r.id));
  }
  const missing = b.scope_ids.find((id) => !known.has(id));
  if (missing !== undefined) throw new ServiceError('invalid', `${SCOPE_NAME[b.scope]} ${missing} 不存在`);
}

/** Counts the frames not ended (other than `except`) under the operator's lock, refusing past the limit. */
async function checkLiveLimit(ctx: Pick<ServiceContext, 'db'>, except: number | null): Promise<void> {
  await lockKey(ctx.db, 'activity-frame');
  const [row] = await ctx.db
    .select({ n: count() })
    .from(activityFrame)
    .where(
      and(
        eq(activityFrame.isDel, false),
        gt(activityFrame.endTime, now()),
        except === null ? undefined : sql`${activityFrame.frameId} <> ${except}`,
      ),
    );
  if ((row?.n ?? 0) >= MAX_LIVE_FRAMES) throw new ServiceError('refused', `未结束的活动边框最多${MAX_LIVE_FRAMES}个，请先删除或结束一些`);
}

function columnsOf(b: CheckedFrame) {
  return {
    name: b.name,
    pic: b.pic,
    scope: b.scope,
    scopeIds: b.scope_ids,
    startTime: b.start_time,
    endTime: b.end_time,
    status: b.status === 1,
    sort: b.sort,
  };
}

/** `POST /api/operator/frame/create`: a new frame; cards show it from its start, at the latest on their next render. */
export async function createFrame(ctx: ServiceContext, input: unknown): Promise<FrameDto> {
  const b = parseInput(frameBody, input);
  checkEnd(b.end_time);
  await checkReferences(ctx, b);
  return transaction(ctx.db, async (tx) => {
    await checkLiveLimit({ db: tx }, null);
    const [row] = await tx.insert(activityFrame).values(columnsOf(b)).returning();
    invalidate(tx, ['frame']);
    return toDto(row!);
  });
}

/** `POST /api/operator/frame/update/{id}`: replaces the frame's settings (the whole body, as create). */
export async function updateFrame(ctx: ServiceContext, id: unknown, input: unknown): Promise<FrameDto> {
  const b = parseInput(frameBody, input);
  const current = await findFrame(ctx, id);
  checkEnd(b.end_time, current.endTime);
  await checkReferences(ctx, b);
  return transaction(ctx.db, async (tx) => {
    if (b.end_time > now()) await checkLiveLimit({ db: tx }, current.frameId);
    const [row] = await tx
      .update(activityFrame)
      .set({ ...columnsOf(b), updatedAt: new Date() })
      .where(and(eq(activityFrame.frameId, current.frameId), eq(activityFrame.isDel, false)))
      .returning();
    if (!row) throw notFound('活动边框不存在');
    invalidate(tx, ['frame']);
    return toDto(row);
  });
}

/** `POST /api/operator/frame/delete/{id}`: the frame leaves every card. */
export async function deleteFrame(ctx: ServiceContext, id: unknown): Promise<{ frame_id: number }> {
  const current = await findFrame(ctx, id);
  await transaction(ctx.db, async (tx) => {
    await tx.update(activityFrame).set({ isDel: true, updatedAt: new Date() }).where(eq(activityFrame.frameId, current.frameId));
    invalidate(tx, ['frame']);
  });
  return { frame_id: current.frameId };
}
