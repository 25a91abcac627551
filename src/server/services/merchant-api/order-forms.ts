import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { merchant, merchantForm, product } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import { orderFormBody, productFormBody } from '../../../shared/schemas/order-form.ts';
import type { FormField } from '../../../shared/order-form.ts';
import { formatDateTime } from '../dates.ts';
import { notFound, parseInput } from '../input.ts';
import { ServiceError } from '../errors.ts';
import { requireMerchant, type MerchantContext } from './context.ts';

/**
 * The shop's custom order forms through the merchant API (`/api/merchant/form/...`) and which product asks for
 * which (`/api/merchant/product/form/{product_id}`). Every query is scoped to the token's shop: another shop's form
 * or product is the same 404 as an unknown one.
 */

/** At most this many live forms per shop. */
export const FORMS_PER_SHOP = 50;

export const FORM_TEXT_API = {
  gone: '表单不存在',
  productGone: '商品不存在',
  tooMany: `每个店铺最多${FORMS_PER_SHOP}个表单`,
} as const;

export interface MerchantFormDto {
  form_id: number;
  mer_id: number;
  name: string;
  value: FormField[];
  /** How many of the shop's products ask for it. */
  product_count: number;
  create_time: string;
  update_time: string;
}

type FormRow = typeof merchantForm.$inferSelect;

const formId = z.object({ id: idField('表单ID') });

/** The forms as the API shows them, with how many of the shop's products ask for each (one count query for all). */
async function dtos(ctx: MerchantContext, rows: readonly FormRow[]): Promise<MerchantFormDto[]> {
  if (!rows.length) return [];
  const counts = await ctx.db
    .select({ formId: product.merFormId, n: count() })
    .from(product)
    .where(
      and(
        eq(product.merId, rows[0]!.merId),
        inArray(
          product.merFormId,
          rows.map((r) => r.formId),
        ),
      ),
    )
    .groupBy(product.merFormId);
  return rows.map((r) => ({
    form_id: r.formId,
    mer_id: r.merId,
    name: r.name,
    value: r.fields,
    product_count: counts.find((c) => c.formId === r.formId)?.n ?? 0,
    create_time: formatDateTime(r.createdAt) ?? '',
    update_time: formatDateTime(r.updatedAt) ?? '',
  }));
}

const dto = async (ctx: MerchantContext, r: FormRow): Promise<MerchantFormDto> => (await dtos(ctx, [r]))[0]!;

async function ownForm(ctx: MerchantContext, merId: number, id: number): Promise<FormRow> {
  const [row] = await ctx.db
    .select()
    .from(merchantForm)
    .where(and(eq(merchantForm.formId, id), eq(merchantForm.merId, merId), eq(merchantForm.isDel, false)));
  if (!row) throw notFound(FORM_TEXT_API.gone);
  return row;
}

/** `GET /api/merchant/form/lst`: the shop's forms, oldest first. */
export async function listOrderForms(ctx: MerchantContext): Promise<{ count: number; list: MerchantFormDto[] }> {
  const { merId } = requireMerchant(ctx);
  const rows = await ctx.db
    .select()
    .from(merchantForm)
    .where(and(eq(merchantForm.merId, merId), eq(merchantForm.isDel, false)))
    .orderBy(asc(merchantForm.formId));
  return { count: rows.length, list: await dtos(ctx, rows) };
}

/** `GET /api/merchant/form/detail/{id}`. */
export async function getOrderForm(ctx: MerchantContext, input: { id: unknown }): Promise<MerchantFormDto> {
  const { merId } = requireMerchant(ctx);
  const { id } = parseInput(formId, input);
  return dto(ctx, await ownForm(ctx, merId, id));
}

/** `POST /api/merchant/form/create {name, value: [fields]}`. */
export async function createOrderForm(ctx: MerchantContext, input: unknown): Promise<MerchantFormDto> {
  const { merId } = requireMerchant(ctx);
  const body = parseInput(orderFormBody, input);
  const row = await transaction(ctx.db, async (tx) => {
    // Two creates at once count one after the other: they queue on the shop's row.
    await tx.select({ id: merchant.merId }).from(merchant).where(eq(merchant.merId, merId)).for('update');
    const [n] = await tx
      .select({ n: count() })
      .from(merchantForm)
      .where(and(eq(merchantForm.merId, merId), eq(merchantForm.isDel, false)));
    if ((n?.n ?? 0) >= FORMS_PER_SHOP) throw new ServiceError('refused', FORM_TEXT_API.tooMany);
    const [r] = await tx.insert(merchantForm).values({ merId, name: body.name, fields: body.value }).returning();
    return r!;
  });
  return dto(ctx, row);
}

/** `POST /api/merchant/form/update/{id} {name, value}`: orders already placed keep the fields they were asked. */
export async function updateOrderForm(ctx: MerchantContext, input: { id: unknown } & Record<string, unknown>): Promise<MerchantFormDto> {
  const { merId } = requireMerchant(ctx);
  const { id } = parseInput(formId, { id: input.id });
  const body = parseInput(orderFormBody, input);
  const [row] = await ctx.db
    .update(merchantForm)
    .set({ name: body.name, fields: body.value, updatedAt: new Date() })
    .where(and(eq(merchantForm.formId, id), eq(merchantForm.merId, merId), eq(merchantForm.isDel, false)))
    .returning();
  if (!row) throw notFound(FORM_TEXT_API.gone);
  return dto(ctx, row);
}

/** `POST /api/merchant/form/delete/{id}`: the form leaves the products that asked for it, in the same transaction. */
export async function deleteOrderForm(ctx: MerchantContext, input: { id: unknown }): Promise<{ form_id: number; products: number }> {
  const { merId } = requireMerchant(ctx);
  const { id } = parseInput(formId, input);
  return transaction(ctx.db, async (tx) => {
    const [row] = await tx
      .update(merchantForm)
      .set({ isDel: true, updatedAt: new Date() })
      .where(and(eq(merchantForm.formId, id), eq(merchantForm.merId, merId), eq(merchantForm.isDel, false)))
      .returning({ id: merchantForm.formId });
    if (!row) throw notFound(FORM_TEXT_API.gone);
    const freed = await tx
      .update(product)
      .set({ merFormId: 0 })
      .where(and(eq(product.merId, merId), eq(product.merFormId, id)))
      .returning({ id: product.productId });
    return { form_id: id, products: freed.length };
  });
}

/** `POST /api/merchant/product/form/{product_id} {mer_form_id}`: which of the shop's forms the product asks for (0 none). */
export async function setProductForm(
  ctx: MerchantContext,
  input: { id: unknown } & Record<string, unknown>,
): Promise<{ product_id: number; mer_form_id: number }> {
  const { merId } = requireMerchant(ctx);
  const { id } = parseInput(z.object({ id: idField('商品ID') }), { id: input.id });
  const { mer_form_id } = parseInput(productFormBody, input);
  return transaction(ctx.db, async (tx) => {
    if (mer_form_id) {
      // FOR SHARE: a delete of the form running now waits, so no product is left naming a deleted form.
      const [f] = await tx
        .select({ id: merchantForm.formId })
        .from(merchantForm)
        .where(and(eq(merchantForm.formId, mer_form_id), eq(merchantForm.merId, merId), eq(merchantForm.isDel, false)))
        .for('share');
      if (!f) throw notFound(FORM_TEXT_API.gone);
    }
    const [p] = await tx
      .update(product)
      .set({ merFormId: mer_form_id })
      .where(and(eq(product.productId, id), eq(product.merId, merId)))
      .returning({ id: product.productId });
    if (!p) throw notFound(FORM_TEXT_API.productGone);
    return { product_id: id, mer_form_id };
  });
}
