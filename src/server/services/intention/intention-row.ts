import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { merchant, merchantCategory, merchantIntention, merchantType } from '../../db/schema/index.ts';
import { config } from '../../config.ts';
import {
  INTENTION_STATUS,
  INTENTION_STATUS_TEXT,
  INTENTION_TEXT,
  type IntentionDto,
  type IntentionStatus,
} from '../../../shared/intention.ts';
import { formatDateTime } from '../dates.ts';
import { ServiceError } from '../errors.ts';
import { notFound } from '../input.ts';
import type { ServiceContext } from '../context.ts';
import { ownUploadPaths } from '../media/own-uploads.ts';
import type { SQL } from 'drizzle-orm';

export type IntentionRow = typeof merchantIntention.$inferSelect;

/** The merchant API's base: an approved applicant's shop signs in there with its token (README "商家接口"). */
export const merchantLoginUrl = () => `${config.siteUrl}/api/merchant`;

export const refuse = (message: string) => new ServiceError('refused', message);

/** Rows with their category and shop-type names, for DTOs. */
export function selectIntentions(db: Db, where: SQL | undefined) {
  return db
    .select({ i: merchantIntention, category_name: merchantCategory.categoryName, type_name: merchantType.typeName })
    .from(merchantIntention)
    .leftJoin(merchantCategory, eq(merchantCategory.merchantCategoryId, merchantIntention.merchantCategoryId))
    .leftJoin(merchantType, eq(merchantType.merTypeId, merchantIntention.merTypeId))
    .where(where);
}

export function toIntentionDto(r: { i: IntentionRow; category_name: string | null; type_name: string | null }): IntentionDto {
  const { i } = r;
  const approved = i.status === INTENTION_STATUS.approved;
  return {
    mer_intention_id: i.merIntentionId,
    phone: i.phone,
    mer_name: i.merName,
    name: i.name,
    merchant_category_id: i.merchantCategoryId,
    category_name: r.category_name ?? '',
    mer_type_id: i.merTypeId,
    type_name: r.type_name ?? '',
    images: i.images,
    status: i.status as IntentionStatus,
    status_text: INTENTION_STATUS_TEXT[i.status] ?? '',
    fail_msg: i.status === INTENTION_STATUS.rejected ? i.failMsg : '',
    create_time: formatDateTime(i.createdAt)!,
    status_time: formatDateTime(i.statusTime),
    mer_id: i.merId ?? null,
    login_url: approved ? merchantLoginUrl() : '',
    token_taken: i.tokenTakenAt ? 1 : 0,
  };
}

/** The shopper's own application (locked when `lock`); another shopper's or an unknown id is a 404. */
export async function findOwnIntention(db: Db, uid: number, id: number, lock = false): Promise<IntentionRow> {
  const q = db
    .select()
    .from(merchantIntention)
    .where(and(eq(merchantIntention.merIntentionId, id), eq(merchantIntention.uid, uid)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound(INTENTION_TEXT.notFound);
  return row;
}

/** The category and shop type must exist, and the type be one applied for (not 自营). */
export async function assertCategoryAndType(db: Db, categoryId: number, typeId: number): Promise<void> {
  const [[c], [t]] = await Promise.all([
    db
      .select({ id: merchantCategory.merchantCategoryId })
      .from(merchantCategory)
      .where(eq(merchantCategory.merchantCategoryId, categoryId)),
    db
      .select({ id: merchantType.merTypeId, applicable: merchantType.applicable })
      .from(merchantType)
      .where(eq(merchantType.merTypeId, typeId)),
  ]);
  if (!c) throw refuse(INTENTION_TEXT.categoryMissing);
  if (!t) throw refuse(INTENTION_TEXT.typeMissing);
  if (!t.applicable) throw refuse(INTENTION_TEXT.typeClosed);
}

/**
 * Every picture must be one this shopper uploaded (`POST /api/upload/image/file`), or one already on this
 * application (`kept`); answers their paths, without repeats (an absolute URL of our own origin reduced to its path).
 */
export async function assertOwnPictures(
  ctx: Pick<ServiceContext, 'db' | 'origins'>,
  uid: number,
  images: string[],
  kept: string[] = [],
): Promise<string[]> {
  const paths = await ownUploadPaths(ctx, uid, images, kept);
  if (!paths) throw refuse(INTENTION_TEXT.imagesInvalid);
  return paths;
}

/** A shop of that name exists already (names compared as written, after trimming). */
export async function merchantNameTaken(db: Db, name: string): Promise<boolean> {
  const [m] = await db.select({ id: merchant.merId }).from(merchant).where(eq(merchant.merName, name)).limit(1);
  return !!m;
}

/** The partial unique indexes (one pending application per phone, per name) refused a write: say which. */
export function pendingConflict(err: unknown): ServiceError | null {
  for (
    let e = err as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined, i = 0;
    e && i < 4;
    e = e.cause as typeof e, i++
  ) {
    if (e.code !== '23505') continue;
    const which = `${e.constraint ?? ''} ${e.message ?? ''}`;
    if (which.includes('merchant_intention_pending_phone_uq')) return refuse(INTENTION_TEXT.phonePending);
    if (which.includes('merchant_intention_pending_name_uq')) return refuse(INTENTION_TEXT.nameTaken);
  }
  return null;
}
