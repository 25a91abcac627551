/** Batched, idempotent inserts for the catalogue seeds. */
import { sql, getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client.ts';
import * as s from '../schema/index.ts';
import type { GeneratedProduct } from './catalogue-products.ts';

/**
 * INSERT ... ON CONFLICT DO NOTHING of many rows. The rows travel as ONE JSON parameter expanded by
 * jsonb_to_recordset, which is several times faster on PGlite than thousands of bind parameters, and
 * plain SQL that PostgreSQL 15 runs the same way.
 */
export async function insertAll<T extends PgTable>(db: Db, table: T, rows: T['$inferInsert'][]): Promise<void> {
  if (!rows.length) return;
  const columns = Object.entries(getTableColumns(table)).filter(([key]) =>
    rows.some((r) => (r as Record<string, unknown>)[key] !== undefined),
  );
  const names = sql.join(
    columns.map(([, c]) => sql.identifier(c.name)),
    sql`, `,
  );
  const types = sql.join(
    columns.map(([, c]) => sql`${sql.identifier(c.name)} ${sql.raw(recordType(c.getSQLType()))}`),
    sql`, `,
  );
  for (let i = 0; i < rows.length; i += BATCH_ROWS) {
    const json = JSON.stringify(
      rows
        .slice(i, i + BATCH_ROWS)
        .map((r) => Object.fromEntries(columns.map(([key, c]) => [c.name, (r as Record<string, unknown>)[key] ?? null]))),
    );
    await db.execute(
      sql`insert into ${table} (${names}) select ${names} from jsonb_to_recordset(${json}::jsonb) as x(${types}) on conflict do nothing`,
    );
  }
}

/** The column type inside jsonb_to_recordset (serial is only a column shorthand). */
const recordType = (t: string) => (t === 'serial' ? 'integer' : t === 'bigserial' ? 'bigint' : t);

// Rows per statement: big enough to amortise a round trip, small enough to keep the JSON text modest.
const BATCH_ROWS = 2000;

/** Inserts generated products with everything hanging off them. */
export async function insertProducts(db: Db, items: GeneratedProduct[]): Promise<void> {
  await insertAll(
    db,
    s.product,
    items.map((g) => g.product),
  );
  await insertAll(
    db,
    s.productContent,
    items.map((g) => g.content),
  );
  await insertAll(
    db,
    s.productAttr,
    items.flatMap((g) => g.attrs),
  );
  await insertAll(
    db,
    s.productSku,
    items.flatMap((g) => g.skus),
  );
  await insertAll(
    db,
    s.productParameterValue,
    items.flatMap((g) => g.params),
  );
  await insertAll(
    db,
    s.productMerchantCategory,
    items.map((g) => g.shopCategory),
  );
  await insertAll(
    db,
    s.productReply,
    items.flatMap((g) => g.reviews),
  );
}

const SERIALS: [string, string][] = [
  ['merchant_type', 'mer_type_id'],
  ['merchant_category', 'merchant_category_id'],
  ['merchant', 'mer_id'],
  ['store_category', 'store_category_id'],
  ['brand', 'brand_id'],
  ['price_rule', 'price_rule_id'],
  ['product', 'product_id'],
  ['parameter', 'parameter_id'],
  ['product_reply', 'reply_id'],
  ['coupon', 'coupon_id'],
  ['seckill_time', 'seckill_time_id'],
  ['presell', 'product_presell_id'],
];

/** Explicit ids were inserted: move the sequences past them so new rows get fresh ids. */
export async function bumpSequences(db: Db): Promise<void> {
  for (const [table, col] of SERIALS) {
    await db.execute(
      sql.raw(`select setval(pg_get_serial_sequence('${table}', '${col}'), greatest((select max(${col}) from ${table}), 1))`),
    );
  }
}
