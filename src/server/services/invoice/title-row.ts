import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userReceipt, users } from '../../db/schema/index.ts';
import { INVOICE_TEXT, type InvoiceTitleDto } from '../../../shared/invoice.ts';
import { formatDateTime } from '../dates.ts';
import { notFound } from '../input.ts';

/** Pieces the saved-title verbs share: the row → DTO mapping, the shopper lock and the ownership lookup. */

export type TitleRow = typeof userReceipt.$inferSelect;

export function toTitleDto(r: TitleRow): InvoiceTitleDto {
  return {
    user_receipt_id: r.userReceiptId,
    receipt_type: r.receiptType === 2 ? 2 : 1,
    receipt_title_type: r.receiptTitleType === 2 ? 2 : 1,
    receipt_title: r.receiptTitle,
    duty_paragraph: r.dutyParagraph,
    email: r.email,
    bank_name: r.bankName,
    bank_code: r.bankCode,
    address: r.address,
    tel: r.tel,
    is_default: r.isDefault ? 1 : 0,
    create_time: formatDateTime(r.createdAt)!,
  };
}

/** Queues this shopper's title writes on their user row, so parallel requests cannot pass the limit or leave two defaults. */
export async function lockShopper(tx: Db, uid: number): Promise<void> {
  await tx.select({ uid: users.uid }).from(users).where(eq(users.uid, uid)).for('update');
}

/** The shopper's own title `id`; another shopper's or an unknown one is the same 404. */
export async function findOwnTitle(db: Db, uid: number, id: number): Promise<TitleRow> {
  const [row] = await db
    .select()
    .from(userReceipt)
    .where(and(eq(userReceipt.userReceiptId, id), eq(userReceipt.uid, uid)));
  if (!row) throw notFound(INVOICE_TEXT.titleGone);
  return row;
}
