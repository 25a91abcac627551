import { desc, eq, sql } from 'drizzle-orm';
import { merchantIntention } from '../../db/schema/index.ts';
import { intentionIdInput, intentionListQuery, type IntentionDto } from '../../../shared/intention.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { offsetOf, parseInput, type Page } from '../input.ts';
import { findOwnIntention, selectIntentions, toIntentionDto } from './intention-row.ts';
import { and } from 'drizzle-orm';

/** `GET /api/intention/lst?page&limit` (login required): the shopper's applications, newest first. */
export async function listIntentions(ctx: ServiceContext, input: unknown): Promise<Page<IntentionDto>> {
  const user = requireUser(ctx);
  const { page, limit } = parseInput(intentionListQuery, input);
  const mine = eq(merchantIntention.uid, user.uid);
  const [rows, [total]] = await Promise.all([
    selectIntentions(ctx.db, mine).orderBy(desc(merchantIntention.merIntentionId)).limit(limit).offset(offsetOf(page, limit)),
    ctx.db.select({ count: sql<number>`count(*)::int` }).from(merchantIntention).where(mine),
  ]);
  return { count: total?.count ?? 0, list: rows.map(toIntentionDto) };
}

/** `GET /api/intention/detail/{id}` (login required): one of the shopper's applications; another's is a 404. */
export async function getIntention(ctx: ServiceContext, input: unknown): Promise<IntentionDto> {
  const user = requireUser(ctx);
  const { id } = parseInput(intentionIdInput, input);
  await findOwnIntention(ctx.db, user.uid, id);
  const [row] = await selectIntentions(ctx.db, and(eq(merchantIntention.merIntentionId, id), eq(merchantIntention.uid, user.uid)));
  return toIntentionDto(row!);
}
