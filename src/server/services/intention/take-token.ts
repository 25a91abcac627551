import { and, eq, isNull, isNotNull } from 'drizzle-orm';
import { merchantIntention, merchantToken } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { hashToken } from '../../auth/tokens.ts';
import { INTENTION_STATUS, INTENTION_TEXT, intentionIdInput, type IntentionTokenDto } from '../../../shared/intention.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { parseInput } from '../input.ts';
import { now } from '../dates.ts';
import { newMerchantToken } from '../merchant-api/tokens.ts';
import { findOwnIntention, merchantLoginUrl, refuse } from './intention-row.ts';

/**
 * `POST /api/intention/token/{id}` (login required, the applicant's own approved application): the new shop's
 * merchant-API token, once. `token_taken_at` is set by a conditional update in the same transaction that stores the
 * token's hash, so two requests at once give one token; the plain text is returned here and never stored. After
 * that the applicant asks the operator for a new one.
 */
export async function takeIntentionToken(ctx: ServiceContext, input: unknown): Promise<IntentionTokenDto> {
  const user = requireUser(ctx);
  const { id } = parseInput(intentionIdInput, input);
  const row = await findOwnIntention(ctx.db, user.uid, id);
  if (row.status !== INTENTION_STATUS.approved || !row.merId) throw refuse(INTENTION_TEXT.tokenNotApproved);
  if (row.tokenTakenAt) throw refuse(INTENTION_TEXT.tokenTaken);
  const token = newMerchantToken();
  return transaction(ctx.db, async (tx) => {
    const [taken] = await tx
      .update(merchantIntention)
      .set({ tokenTakenAt: now() })
      .where(
        and(
          eq(merchantIntention.merIntentionId, id),
          eq(merchantIntention.uid, user.uid),
          eq(merchantIntention.status, INTENTION_STATUS.approved),
          isNotNull(merchantIntention.merId),
          isNull(merchantIntention.tokenTakenAt),
        ),
      )
      .returning({ merId: merchantIntention.merId });
    if (!taken?.merId) throw refuse(INTENTION_TEXT.tokenTaken);
    await tx.insert(merchantToken).values({ merId: taken.merId, tokenHash: hashToken(token), name: '入驻申请领取' });
    return { mer_id: taken.merId, token, login_url: merchantLoginUrl() };
  });
}
