import { and, eq, ne } from 'drizzle-orm';
import { merchantIntention } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { INTENTION_STATUS, INTENTION_TEXT, intentionInput, type IntentionDto } from '../../../shared/intention.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import { z } from 'zod';
import { requireUser, type ServiceContext } from '../context.ts';
import { parseInput } from '../input.ts';
import { now } from '../dates.ts';
import { getAppConfig } from '../site/get-app-config.ts';
import { checkCode } from '../auth/verify-code.ts';
import {
  assertCategoryAndType,
  assertOwnPictures,
  findOwnIntention,
  merchantNameTaken,
  pendingConflict,
  refuse,
  selectIntentions,
  toIntentionDto,
} from './intention-row.ts';

type Parsed = z.output<typeof intentionInput>;

/** The switch `mer_intention_open` of `GET /api/config`: closed, nobody applies or edits. */
async function assertOpen(ctx: ServiceContext): Promise<void> {
  if ((await getAppConfig(ctx)).mer_intention_open !== 1) throw refuse(INTENTION_TEXT.closed);
}

/** Another pending application holds the phone or the name, or a shop has the name (`except`: the one being edited). */
async function assertFree(tx: Db, q: Parsed, except?: number): Promise<void> {
  const pending = eq(merchantIntention.status, INTENTION_STATUS.pending);
  const other = except ? ne(merchantIntention.merIntentionId, except) : undefined;
  const [phone] = await tx
    .select({ id: merchantIntention.merIntentionId })
    .from(merchantIntention)
    .where(and(pending, eq(merchantIntention.phone, q.phone), other))
    .limit(1);
  if (phone) throw refuse(INTENTION_TEXT.phonePending);
  const [name] = await tx
    .select({ id: merchantIntention.merIntentionId })
    .from(merchantIntention)
    .where(and(pending, eq(merchantIntention.merName, q.mer_name), other))
    .limit(1);
  if (name || (await merchantNameTaken(tx, q.mer_name))) throw refuse(INTENTION_TEXT.nameTaken);
}

/** Runs the write; a lost race on the partial unique indexes is the same refusal as the check before it. */
async function mapConflicts<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw pendingConflict(err) ?? err;
  }
}

/** Uses up the SMS code (type `intention`) sent to the phone; a wrong code's try is kept (the refusal commits). */
async function useCode(ctx: ServiceContext, q: Parsed): Promise<void> {
  if (!q.code) throw refuse(INTENTION_TEXT.code);
  const refusal = await transaction(ctx.db, (tx) =>
    checkCode(tx, { phoneCode: '86', phone: q.phone, types: ['intention'], code: q.code! }),
  );
  if (refusal) throw refusal;
}

async function dtoOf(db: Db, id: number): Promise<IntentionDto> {
  const [row] = await selectIntentions(db, eq(merchantIntention.merIntentionId, id));
  return toIntentionDto(row!);
}

/**
 * `POST /api/intention/create` (login required): a merchant application `{phone, mer_name, name, code,
 * merchant_category_id, mer_type_id, images[]}`, pending review. The code is an SMS code of type `intention` sent to
 * the phone; the pictures the shopper's own uploads; refused when applications are closed, the phone has a pending
 * application, or the name is a shop's or a pending application's.
 */
export async function createIntention(ctx: ServiceContext, input: unknown): Promise<IntentionDto> {
  const user = requireUser(ctx);
  const q = parseInput(intentionInput, input);
  await assertOpen(ctx);
  await assertCategoryAndType(ctx.db, q.merchant_category_id!, q.mer_type_id!);
  const images = await assertOwnPictures(ctx, user.uid, q.images);
  // Cheap refusals before the code is used up: a shopper told "name taken" keeps the code for a second try.
  await assertFree(ctx.db, q);
  await useCode(ctx, q);
  const id = await mapConflicts(() =>
    transaction(ctx.db, async (tx) => {
      await assertFree(tx, q);
      const at = now();
      const [row] = await tx
        .insert(merchantIntention)
        .values({
          uid: user.uid,
          phone: q.phone,
          merName: q.mer_name,
          name: q.name,
          merchantCategoryId: q.merchant_category_id!,
          merTypeId: q.mer_type_id!,
          images,
          status: INTENTION_STATUS.pending,
          createdAt: at,
          updatedAt: at,
        })
        .returning({ id: merchantIntention.merIntentionId });
      return row!.id;
    }),
  );
  return dtoOf(ctx.db, id);
}

/**
 * `POST /api/intention/update/{id}` (login required, the applicant's own): edits a pending application, or
 * resubmits a rejected one (pending again, the reason cleared). A new phone needs a code sent to it; an approved
 * application cannot change. The same limits as creating apply.
 */
export async function updateIntention(ctx: ServiceContext, input: Record<string, unknown> & { id: unknown }): Promise<IntentionDto> {
  const user = requireUser(ctx);
  const { id } = parseInput(z.object({ id: idField('入驻申请') }), { id: input.id });
  const { id: _ignored, ...rest } = input;
  const q = parseInput(intentionInput, rest);
  const current = await findOwnIntention(ctx.db, user.uid, id);
  if (current.status === INTENTION_STATUS.approved) throw refuse(INTENTION_TEXT.approved);
  await assertOpen(ctx);
  await assertCategoryAndType(ctx.db, q.merchant_category_id!, q.mer_type_id!);
  const images = await assertOwnPictures(ctx, user.uid, q.images, current.images);
  await assertFree(ctx.db, q, id);
  if (q.phone !== current.phone) await useCode(ctx, q);
  await mapConflicts(() =>
    transaction(ctx.db, async (tx) => {
      const locked = await findOwnIntention(tx, user.uid, id, true);
      if (locked.status === INTENTION_STATUS.approved) throw refuse(INTENTION_TEXT.approved);
      await assertFree(tx, q, id);
      const [done] = await tx
        .update(merchantIntention)
        .set({
          phone: q.phone,
          merName: q.mer_name,
          name: q.name,
          merchantCategoryId: q.merchant_category_id!,
          merTypeId: q.mer_type_id!,
          images,
          status: INTENTION_STATUS.pending,
          failMsg: '',
          updatedAt: now(),
        })
        .where(
          and(
            eq(merchantIntention.merIntentionId, id),
            eq(merchantIntention.uid, user.uid),
            ne(merchantIntention.status, INTENTION_STATUS.approved),
          ),
        )
        .returning({ id: merchantIntention.merIntentionId });
      if (!done) throw refuse(INTENTION_TEXT.approved);
    }),
  );
  return dtoOf(ctx.db, id);
}
