import { MAINLAND_MOBILE } from '../../../shared/schemas/auth.ts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { merchant, merchantIntention } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import {
  INTENTION_STATUS,
  INTENTION_TEXT,
  intentionIdInput,
  rejectInput,
  reviewListQuery,
  type ReviewIntentionDto,
} from '../../../shared/intention.ts';
import type { ServiceContext } from '../context.ts';
import { notFound, offsetOf, parseInput, type Page } from '../input.ts';
import { now } from '../dates.ts';
import { invalidate } from '../cache.ts';
import { getSmsProvider } from '../../auth/sms/index.ts';
import { maskPhone } from '../user/get-user.ts';
import { merchantNameTaken, refuse, selectIntentions, toIntentionDto } from './intention-row.ts';

/** The avatar of a new shop until it sets its own. */
export const DEFAULT_MERCHANT_AVATAR = '/images/merchant-avatar.svg';

async function reviewDto(db: Db, id: number): Promise<ReviewIntentionDto> {
  const [row] = await selectIntentions(db, eq(merchantIntention.merIntentionId, id));
  if (!row) throw notFound(INTENTION_TEXT.notFound);
  return { ...toIntentionDto(row), uid: row.i.uid };
}

/** `GET /api/operator/intention?status&page&limit` (operator token): applications, oldest pending first when filtered. */
export async function listForReview(ctx: Pick<ServiceContext, 'db'>, input: unknown): Promise<Page<ReviewIntentionDto>> {
  const q = parseInput(reviewListQuery, input);
  const where = q.status === undefined ? undefined : eq(merchantIntention.status, q.status);
  const [rows, [total]] = await Promise.all([
    selectIntentions(ctx.db, where).orderBy(desc(merchantIntention.merIntentionId)).limit(q.limit).offset(offsetOf(q.page, q.limit)),
    ctx.db.select({ count: sql<number>`count(*)::int` }).from(merchantIntention).where(where),
  ]);
  return { count: total?.count ?? 0, list: rows.map((r) => ({ ...toIntentionDto(r), uid: r.i.uid })) };
}

/** `GET /api/operator/intention/{id}`: one application. */
export async function getForReview(ctx: Pick<ServiceContext, 'db'>, input: unknown): Promise<ReviewIntentionDto> {
  const { id } = parseInput(intentionIdInput, input);
  return reviewDto(ctx.db, id);
}

/** Moves a pending application to `status` once: the conditional update that a second (or concurrent) review misses. */
async function decide(tx: Db, id: number, set: Partial<typeof merchantIntention.$inferInsert>) {
  const [row] = await tx
    .update(merchantIntention)
    .set({ ...set, statusTime: now(), updatedAt: now() })
    .where(and(eq(merchantIntention.merIntentionId, id), eq(merchantIntention.status, INTENTION_STATUS.pending)))
    .returning();
  if (row) return row;
  const [exists] = await tx
    .select({ id: merchantIntention.merIntentionId })
    .from(merchantIntention)
    .where(eq(merchantIntention.merIntentionId, id));
  throw exists ? refuse(INTENTION_TEXT.notPending) : notFound(INTENTION_TEXT.notFound);
}

/**
 * `POST /api/operator/intention/{id}/approve`: approves a pending application once and, in the same transaction,
 * opens its shop (name, category, type, the phone as service phone, the licence pictures, a default avatar) and
 * stores the shop's id on the application. The shop street and every cached list of shops are refreshed.
 */
export async function approveIntention(ctx: Pick<ServiceContext, 'db'>, input: unknown): Promise<ReviewIntentionDto> {
  const { id } = parseInput(intentionIdInput, input);
  await transaction(ctx.db, async (tx) => {
    const row = await decide(tx, id, { status: INTENTION_STATUS.approved, failMsg: '' });
    if (await merchantNameTaken(tx, row.merName)) throw refuse(INTENTION_TEXT.nameTaken);
    const [shop] = await tx
      .insert(merchant)
      .values({
        merName: row.merName,
        merAvatar: DEFAULT_MERCHANT_AVATAR,
        categoryId: row.merchantCategoryId,
        merTypeId: row.merTypeId,
        servicePhone: row.phone,
        // The applicant hears of the shop's new orders and refund requests until the shop names another phone.
        noticePhone: MAINLAND_MOBILE.test(row.phone) ? row.phone : '',
        servicesType: 1,
        licenceImages: row.images,
        status: true,
        createdAt: now(),
      })
      .returning({ merId: merchant.merId });
    await tx.update(merchantIntention).set({ merId: shop!.merId }).where(eq(merchantIntention.merIntentionId, id));
    invalidate(tx, ['merchant']);
  });
  const dto = await reviewDto(ctx.db, id);
  await tellApplicant(dto.phone, INTENTION_TEXT.approvedSms(dto.mer_name));
  return dto;
}

/**
 * The applicant hears of the decision by SMS (`intention_reviewed`), after the commit: no network call inside the
 * transaction, and a notice that fails is logged while the decision stands (the record shows it either way).
 */
async function tellApplicant(phone: string, text: string): Promise<void> {
  try {
    await getSmsProvider().send({ phone, phone_code: '86', type: 'intention_reviewed', text });
  } catch (err) {
    console.error(`[mallfront] merchant application notice to ${maskPhone(phone)} not sent: ${(err as Error).message}`);
  }
}

/** `POST /api/operator/intention/{id}/reject {fail_msg}`: rejects a pending application once, with the reason its applicant reads. */
export async function rejectIntention(
  ctx: Pick<ServiceContext, 'db'>,
  input: Record<string, unknown> & { id: unknown },
): Promise<ReviewIntentionDto> {
  const { id } = parseInput(z.object({ id: intentionIdInput.shape.id }), { id: input.id });
  const { id: _ignored, ...rest } = input;
  const { fail_msg } = parseInput(rejectInput, rest);
  await transaction(ctx.db, (tx) => decide(tx, id, { status: INTENTION_STATUS.rejected, failMsg: fail_msg }));
  const dto = await reviewDto(ctx.db, id);
  await tellApplicant(dto.phone, INTENTION_TEXT.rejectedSms(dto.mer_name, dto.fail_msg));
  return dto;
}
