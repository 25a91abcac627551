import { and, eq, gte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { userBill, users } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import { parseYuan, toYuan } from '../../../shared/money.ts';
import { ServiceError } from '../errors.ts';
import { notFound, parseInput } from '../input.ts';
import { now } from '../dates.ts';

export const adjustBalanceInput = z.object({
  uid: idField('用户ID'),
  /** Yuan, at most 2 decimals, more than 0. */
  number: z.union([z.string(), z.number()], { error: '金额格式不正确' }).transform((v, c) => {
    const cents = parseYuan(v);
    if (cents === null || cents <= 0 || cents > 100_000_000) {
      c.addIssue({ code: 'custom', message: '金额须在 0.01 到 1000000 元之间' });
      return z.NEVER;
    }
    return cents;
  }),
  /** 1 add, 0 deduct. */
  pm: z.coerce.number({ error: '参数错误' }).int().min(0, '参数错误').max(1, '参数错误'),
  mark: z.string({ error: '请填写备注' }).trim().min(1, '请填写备注').max(100, '备注不能超过100个字符'),
  /** The operator's idempotency key: the same key applies once. */
  key: z
    .string({ error: '请提供请求编号 key' })
    .trim()
    .regex(/^[\w.:-]{6,64}$/, '请求编号 key 须为 6-64 位字母、数字或 _.:-'),
});

export interface AdjustedBalance {
  uid: number;
  now_money: string;
  bill_id: number;
  /** 1 when this key had been applied already (nothing changed now). */
  duplicate: number;
}

/**
 * An operator adds to or deducts from a shopper's balance (`POST /api/operator/user/{uid}/balance`): the balance and
 * its ledger row in ONE transaction, a deduction never below zero, and `key` making a retried request apply once.
 */
export async function adjustBalance(db: Db, input: unknown): Promise<AdjustedBalance> {
  const q = parseInput(adjustBalanceInput, input);
  const type = q.pm === 1 ? 'system_add' : 'system_sub';
  const linkId = `op:${q.key}`;
  return transaction(db, async (tx) => {
    const [u] = await tx.select({ uid: users.uid }).from(users).where(eq(users.uid, q.uid)).for('update');
    if (!u) throw notFound('用户不存在');
    const [seen] = await tx
      .select()
      .from(userBill)
      .where(and(eq(userBill.uid, q.uid), eq(userBill.category, 'now_money'), eq(userBill.type, type), eq(userBill.linkId, linkId)));
    if (seen) {
      const [cur] = await tx.select({ m: users.nowMoney }).from(users).where(eq(users.uid, q.uid));
      return { uid: q.uid, now_money: toYuan(cur!.m), bill_id: seen.billId, duplicate: 1 };
    }
    const [after] = await tx
      .update(users)
      .set({ nowMoney: q.pm === 1 ? sql`${users.nowMoney} + ${q.number}` : sql`${users.nowMoney} - ${q.number}` })
      .where(and(eq(users.uid, q.uid), q.pm === 1 ? undefined : gte(users.nowMoney, q.number)))
      .returning({ m: users.nowMoney });
    if (!after) throw new ServiceError('refused', '余额不足，不能扣减');
    const [bill] = await tx
      .insert(userBill)
      .values({
        uid: q.uid,
        category: 'now_money',
        type,
        pm: q.pm,
        number: q.number,
        balance: after.m,
        linkId,
        title: q.pm === 1 ? '系统增加余额' : '系统扣减余额',
        mark: q.mark,
        createdAt: now(),
      })
      .returning({ id: userBill.billId });
    return { uid: q.uid, now_money: toYuan(after.m), bill_id: bill!.id, duplicate: 0 };
  });
}
