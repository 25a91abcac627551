import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { merchant, product, shippingTemplate, shippingTemplateRegion } from '../../db/schema/index.ts';
import type { Tx } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { idField } from '../../../shared/schemas/catalogue.ts';
import { shippingTemplateBody, type ShippingTemplateBody } from '../../../shared/schemas/shipping-template.ts';
import { toYuan } from '../../../shared/money.ts';
import { regionChildren } from '../address/regions.ts';
import { invalidate } from '../cache.ts';
import { tag } from '../cache-tags.ts';
import { ServiceError } from '../errors.ts';
import { notFound, parseInput } from '../input.ts';
import { requireMerchant, type MerchantContext } from './context.ts';

/**
 * The shop's own shipping templates (运费模板) through the merchant API (`/api/merchant/shipping/...`), with the
 * shopper API's name for a template's id (`temp_id`, what a product names). Every query is scoped to the token's
 * shop: another shop's template is the same 404 as an unknown one. Checkout and the product page's 运费 line read
 * templates from the database; an update drops the cached pages of the products using the template
 * (`product:<id>`), so both show the new rules at once.
 */

/** At most this many templates per shop. */
export const TEMPLATES_PER_SHOP = 100;

export const SHIPPING_API_TEXT = {
  gone: '运费模板不存在',
  tooMany: `每个店铺最多${TEMPLATES_PER_SHOP}个运费模板`,
  unknownProvince: (code: number) => `省份代码${code}不存在`,
  inUse: (n: number) => `该运费模板正被${n}个商品使用，请先为这些商品更换运费模板后再删除`,
} as const;

/** Province codes outside the mainland region data, which templates may name (the seed leaves them undelivered). */
const OUTSIDE: ReadonlyArray<[number, string]> = [
  [71, '台湾省'],
  [81, '香港特别行政区'],
  [82, '澳门特别行政区'],
];

let provinces: Promise<Map<number, string>> | undefined;
/** Every province a template may name, by code: the address data's provinces and Taiwan, Hong Kong and Macao. */
function provinceNames(): Promise<Map<number, string>> {
  provinces ??= regionChildren(0)
    .then((list) => new Map([...list.map((r): [number, string] => [r.id, r.name]), ...OUTSIDE]))
    .catch((err: unknown) => {
      provinces = undefined;
      throw err;
    });
  return provinces;
}

export interface ShippingRuleDto {
  /** Province codes; [] is the default rule, for every region no other rule names. */
  regions: number[];
  region_name: string[];
  /** Pieces (type 1) or kg (type 2) the first price covers. */
  first: number;
  first_price: string;
  /** Each further `continue` pieces or kg, or part of them, cost `continue_price`. */
  continue: number;
  continue_price: string;
}

export interface ShippingTemplateDto {
  temp_id: number;
  mer_id: number;
  name: string;
  /** 1 by the number of pieces, 2 by weight (kg). */
  type: number;
  /** An order of the shop whose goods reach it ships free ("0.00": never). */
  free_price: string;
  undelivered: number[];
  undelivered_name: string[];
  /** The default rule first, then the others as written. */
  region: ShippingRuleDto[];
  /** The shop's products naming it (flash-sale and presale ones included). */
  product_count: number;
}

type TemplateRow = typeof shippingTemplate.$inferSelect;
type RuleRow = typeof shippingTemplateRegion.$inferSelect;

const templateId = z.object({ id: idField('运费模板ID') });

/** The templates as the API shows them: their rules and product counts in one query each. */
async function dtos(db: MerchantContext['db'], merId: number, rows: readonly TemplateRow[]): Promise<ShippingTemplateDto[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.shippingTemplateId);
  const [rules, counts, names] = await Promise.all([
    db
      .select()
      .from(shippingTemplateRegion)
      .where(inArray(shippingTemplateRegion.shippingTemplateId, ids))
      .orderBy(asc(shippingTemplateRegion.id)),
    db
      .select({ id: product.tempId, n: count() })
      .from(product)
      .where(and(eq(product.merId, merId), inArray(product.tempId, ids)))
      .groupBy(product.tempId),
    provinceNames(),
  ]);
  const named = (codes: readonly number[]) => codes.map((c) => names.get(c) ?? String(c));
  const ruleDto = (r: RuleRow): ShippingRuleDto => ({
    regions: r.regions,
    region_name: named(r.regions),
    first: Number(r.first),
    first_price: toYuan(r.firstPrice),
    continue: Number(r.continue),
    continue_price: toYuan(r.continuePrice),
  });
  return rows.map((t) => {
    const own = rules.filter((r) => r.shippingTemplateId === t.shippingTemplateId);
    return {
      temp_id: t.shippingTemplateId,
      mer_id: t.merId,
      name: t.name,
      type: t.type,
      free_price: toYuan(t.freePrice),
      undelivered: t.undelivered,
      undelivered_name: named(t.undelivered),
      region: [...own.filter((r) => r.regions.length === 0), ...own.filter((r) => r.regions.length > 0)].map(ruleDto),
      product_count: counts.find((c) => c.id === t.shippingTemplateId)?.n ?? 0,
    };
  });
}

async function dto(db: MerchantContext['db'], row: TemplateRow): Promise<ShippingTemplateDto> {
  return (await dtos(db, row.merId, [row]))[0]!;
}

async function ownTemplate(db: MerchantContext['db'] | Tx, merId: number, id: number, lock = false): Promise<TemplateRow> {
  const q = db
    .select()
    .from(shippingTemplate)
    .where(and(eq(shippingTemplate.shippingTemplateId, id), eq(shippingTemplate.merId, merId)));
  const [row] = await (lock ? q.for('update') : q);
  if (!row) throw notFound(SHIPPING_API_TEXT.gone);
  return row;
}

/** The body, with every province code checked against the region data. */
async function parseBody(input: unknown): Promise<ShippingTemplateBody> {
  const body = parseInput(shippingTemplateBody, input);
  const names = await provinceNames();
  for (const code of [...body.undelivered, ...body.region.flatMap((r) => r.regions)])
    if (!names.has(code)) throw new ServiceError('invalid', SHIPPING_API_TEXT.unknownProvince(code));
  return body;
}

const columns = (b: ShippingTemplateBody) => ({ name: b.name, type: b.type, freePrice: b.free_price, undelivered: b.undelivered });

async function writeRules(tx: Tx, id: number, b: ShippingTemplateBody): Promise<void> {
  await tx.insert(shippingTemplateRegion).values(
    b.region.map((r) => ({
      shippingTemplateId: id,
      regions: r.regions,
      first: r.first.toFixed(2),
      firstPrice: r.first_price,
      continue: r.continue.toFixed(2),
      continuePrice: r.continue_price,
    })),
  );
}

/** `GET /api/merchant/shipping/lst`: the shop's templates, oldest first. */
export async function listShippingTemplates(ctx: MerchantContext): Promise<{ count: number; list: ShippingTemplateDto[] }> {
  const { merId } = requireMerchant(ctx);
  const rows = await ctx.db
    .select()
    .from(shippingTemplate)
    .where(eq(shippingTemplate.merId, merId))
    .orderBy(asc(shippingTemplate.shippingTemplateId));
  return { count: rows.length, list: await dtos(ctx.db, merId, rows) };
}

/** `GET /api/merchant/shipping/detail/{id}`. */
export async function getShippingTemplate(ctx: MerchantContext, input: { id: unknown }): Promise<ShippingTemplateDto> {
  const { merId } = requireMerchant(ctx);
  const { id } = parseInput(templateId, input);
  return dto(ctx.db, await ownTemplate(ctx.db, merId, id));
}

/** `POST /api/merchant/shipping/create {name, type, free_price, undelivered, region}`: a new template with its rules. */
export async function createShippingTemplate(ctx: MerchantContext, input: unknown): Promise<ShippingTemplateDto> {
  const { merId } = requireMerchant(ctx);
  const body = await parseBody(input);
  const row = await transaction(ctx.db, async (tx) => {
    // Two creates at once count one after the other: they queue on the shop's row.
    await tx.select({ id: merchant.merId }).from(merchant).where(eq(merchant.merId, merId)).for('update');
    const [n] = await tx.select({ n: count() }).from(shippingTemplate).where(eq(shippingTemplate.merId, merId));
    if ((n?.n ?? 0) >= TEMPLATES_PER_SHOP) throw new ServiceError('refused', SHIPPING_API_TEXT.tooMany);
    const [r] = await tx
      .insert(shippingTemplate)
      .values({ merId, ...columns(body) })
      .returning();
    await writeRules(tx, r!.shippingTemplateId, body);
    return r!;
  });
  return dto(ctx.db, row);
}

/**
 * `POST /api/merchant/shipping/update/{id}`: the whole template anew (its rules replaced), in one transaction; the
 * pages of the products using it are dropped, and the next checkout prices with the new rules.
 */
export async function updateShippingTemplate(
  ctx: MerchantContext,
  input: { id: unknown } & Record<string, unknown>,
): Promise<ShippingTemplateDto> {
  const { merId } = requireMerchant(ctx);
  const { id } = parseInput(templateId, { id: input.id });
  const { id: _, ...rest } = input;
  const body = await parseBody(rest);
  const row = await transaction(ctx.db, async (tx) => {
    await ownTemplate(tx, merId, id, true);
    const [r] = await tx
      .update(shippingTemplate)
      .set(columns(body))
      .where(and(eq(shippingTemplate.shippingTemplateId, id), eq(shippingTemplate.merId, merId)))
      .returning();
    await tx.delete(shippingTemplateRegion).where(eq(shippingTemplateRegion.shippingTemplateId, id));
    await writeRules(tx, id, body);
    const users = await tx
      .select({ id: product.productId })
      .from(product)
      .where(and(eq(product.merId, merId), eq(product.tempId, id)));
    // The product page's 运费 line (its own page, a flash sale's or a presale's) shows the template.
    invalidate(tx, [tag('shipping', id), ...users.map((p) => tag('product', p.id))]);
    return r!;
  });
  return dto(ctx.db, row);
}

/** `POST /api/merchant/shipping/delete/{id}`: refused while a product of the shop names it. */
export async function deleteShippingTemplate(ctx: MerchantContext, input: { id: unknown }): Promise<{ temp_id: number }> {
  const { merId } = requireMerchant(ctx);
  const { id } = parseInput(templateId, input);
  return transaction(ctx.db, async (tx) => {
    await ownTemplate(tx, merId, id, true);
    const [used] = await tx
      .select({ n: count() })
      .from(product)
      .where(and(eq(product.merId, merId), eq(product.tempId, id)));
    if (used && used.n > 0) throw new ServiceError('refused', SHIPPING_API_TEXT.inUse(used.n));
    await tx.delete(shippingTemplate).where(and(eq(shippingTemplate.shippingTemplateId, id), eq(shippingTemplate.merId, merId)));
    return { temp_id: id };
  });
}
