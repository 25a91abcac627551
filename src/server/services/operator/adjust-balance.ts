import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { userBill, users } from '../../db/schema/index.ts';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import { numberInput } from '../../../shared/schemas/common.ts';
import { parseYuan, toYuan } from '../../../shared/money.ts';
import { notFound, parseInput } from '../input.ts';
import { ServiceError } from '../errors.ts';
import { changeWallet } from '../wallet/change-wallet.ts';

export const adjustBalanceInput = z.object({
  uid: idField('用户ID'),
  /** Yuan, at most 2 decimals, more than 0. */
  number: z.union([z.string(), z.number()], { error: '金额格式不正确' }).transform((v, c) => {
    const cents = parseYuan(v);
    if (cents === null) {
      c.addIssue({ code: 'custom', message: '金额格式不正确，最多两位小数' });
      return z.NEVER;
    }
    if (cents <= 0 || cents > 100_000_000) {
      c.addIssue({ code: 'custom', message: '金额须在 0.01 到 1000000 元之间' });
      return z.NEVER;
    }
    return cents;
  }),
  /** 1 add, 0 deduct. */
  pm: z.preprocess(numberInput, z.coerce.number({ error: '参数错误' }).int('参数错误').min(0, '参数错误').max(1, '参数错误')),
  mark: z.string({ error: '请填写备注' }).trim().min(1, '请填写备注').max(100, '备注不能超过100个字符'),
  /** The operator's idempotency key: the same key applies once per shopper. */
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
 * its ledger row in ONE transaction, a deduction never below zero, and `key` making a retried request apply once per
 * shopper. A key already used for this shopper with another amount or direction is refused (409): answering
 * `duplicate` would let the operator believe the new amount was applied.
 */
export async function adjustBalance(db: Db, input: unknown): Promise<AdjustedBalance> {
  const q = parseInput(adjustBalanceInput, input);
  const type = q.pm === 1 ? 'system_add' : 'system_sub';
  const linkId = `op:${q.key}`;
  return transaction(db, async (tx) => {
    const [u] = await tx.select({ uid: users.uid }).from(users).where(eq(users.uid, q.uid)).for('update');
    if (!u) throw notFound('用户不存在');
    // The row lock above queues calls for this shopper: an earlier call with the key is committed by now.
    const [used] = await tx
      .select({ type: userBill.type, number: userBill.number })
      .from(userBill)
      .where(
        and(
          eq(userBill.uid, q.uid),
          eq(userBill.category, 'now_money'),
          inArray(userBill.type, ['system_add', 'system_sub']),
          eq(userBill.linkId, linkId),
        ),
      );
    if (used && (used.type !== type || used.number !== q.number)) {
      throw new ServiceError('conflict', '该请求编号 key 已用于另一笔金额或方向不同的调整，请换一个 key');
    }
    const done = await changeWallet(tx, {
      uid: q.uid,
      category: 'now_money',
      type,
      pm: q.pm as 0 | 1,
      number: q.number,
      linkId,
      title: q.pm === 1 ? '系统增加余额' : '系统扣减余额',
      mark: q.mark,
      shortMessage: '余额不足，不能扣减',
    });
    return { uid: q.uid, now_money: toYuan(done.balance), bill_id: done.billId!, duplicate: done.status === 'duplicate' ? 1 : 0 };
  });
}
