import { and, eq, ne, sql } from 'drizzle-orm';
import { userReceipt } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { INVOICE_TEXT, INVOICE_TITLE_LIMIT, type InvoiceTitleDto } from '../../../shared/invoice.ts';
import { defaultFlag, receiptInput, type InvoiceTitleInput } from '../../../shared/schemas/invoice.ts';
import { requireUser, type ServiceContext } from '../context.ts';
import { ServiceError } from '../errors.ts';
import { parseInput } from '../input.ts';
import { titleId } from './get-title.ts';
import { findOwnTitle, lockShopper, toTitleDto, type TitleRow } from './title-row.ts';

/**
 * `POST /api/user/receipt/create` and `POST /api/user/receipt/update/{id}` (login required): saves an invoice title
 * checked by the one invoice schema. `is_default` 1 makes it the default (the previous default loses it); 0 on the
 * default clears it, as the reference does (a shopper may have no default). At most 20 titles, counted under the
 * shopper's row lock.
 */
export async function saveTitle(ctx: ServiceContext, input: InvoiceTitleInput & { id?: unknown }): Promise<InvoiceTitleDto> {
  const user = requireUser(ctx);
  const id = input.id === undefined ? 0 : parseInput(titleId, { id: input.id }).id;
  const f = parseInput(receiptInput, input);
  const { is_default } = parseInput(defaultFlag, input);
  const fields = {
    receiptType: f.receipt_type,
    receiptTitleType: f.receipt_title_type,
    receiptTitle: f.receipt_title,
    dutyParagraph: f.duty_paragraph,
    email: f.email,
    bankName: f.bank_name,
    bankCode: f.bank_code,
    address: f.address,
    tel: f.tel,
    isDefault: is_default === 1,
  };
  const row = await transaction(ctx.db, async (tx) => {
    await lockShopper(tx, user.uid);
    if (is_default === 1)
      await tx
        .update(userReceipt)
        .set({ isDefault: false })
        .where(and(eq(userReceipt.uid, user.uid), eq(userReceipt.isDefault, true), ne(userReceipt.userReceiptId, id)));
    let saved: TitleRow | undefined;
    if (id) {
      await findOwnTitle(tx, user.uid, id);
      [saved] = await tx
        .update(userReceipt)
        .set(fields)
        .where(and(eq(userReceipt.userReceiptId, id), eq(userReceipt.uid, user.uid)))
        .returning();
    } else {
      const [n] = await tx.select({ total: sql<number>`count(*)::int` }).from(userReceipt).where(eq(userReceipt.uid, user.uid));
      if ((n?.total ?? 0) >= INVOICE_TITLE_LIMIT) throw new ServiceError('refused', INVOICE_TEXT.limit);
      [saved] = await tx
        .insert(userReceipt)
        .values({ ...fields, uid: user.uid })
        .returning();
    }
    return saved!;
  });
  return toTitleDto(row);
}
