import { describe, it, expect } from 'vitest';
import { eq, or, sql } from 'drizzle-orm';
import { createTestDatabase } from '../../../tests/helpers/test-db.ts';
import { brand } from './schema/index.ts';
import { builtOnce, literalOf, prepareOnPglite } from './prepared.ts';

describe('prepared hot reads on PGlite', () => {
  it('build a read once per database handle and variant', () => {
    let builds = 0;
    const read = builtOnce((db: { name: string }, variant) => ({ of: db.name, variant, n: ++builds }));
    const a = { name: 'a' };
    const b = { name: 'b' };
    expect(read(a)).toBe(read(a));
    expect(read(a, '+all')).toEqual({ of: 'a', variant: '+all', n: 2 });
    expect(read(a, '+all')).toBe(read(a, '+all'));
    expect(read(b)).toEqual({ of: 'b', variant: '', n: 3 });
    expect(builds).toBe(3);
  });

  it('pass only parameters that are safe as literals', () => {
    expect(literalOf(12)).toBe('12');
    expect(literalOf(-1.5)).toBe('-1.5');
    expect(literalOf(Number.NaN)).toBeNull();
    expect(literalOf(true)).toBe('true');
    expect(literalOf(null)).toBe('NULL');
    expect(literalOf("it's")).toBe("'it''s'");
    expect(literalOf('a\\b')).toBeNull();
    expect(literalOf(new Date())).toBeNull();
  });

  it('answer exactly like the plain query, as a statement of the session, prepared again once gone', async () => {
    const d = await createTestDatabase();
    const query = (name: string, id: number) =>
      d.db
        .select({ id: brand.brandId, name: brand.brandName, show: brand.isShow })
        .from(brand)
        .where(or(eq(brand.brandName, name), eq(brand.brandId, id)))
        .orderBy(brand.brandId);
    const [first] = await d.db.select({ name: brand.brandName }).from(brand).where(eq(brand.brandId, 2));
    const plain = await query(first!.name, 1);
    expect(plain.map((b) => b.id)).toEqual([1, 2]);

    expect(await prepareOnPglite('test:brands', query(first!.name, 1))).toEqual(plain);
    const statements = async () =>
      ((await d.db.execute(sql`select statement from pg_prepared_statements`)) as unknown as { rows: { statement: string }[] }).rows;
    expect((await statements()).some((s) => s.statement.includes('from "brand"'))).toBe(true);

    // Quotes in a value, a value that runs as a plain query, and a statement dropped behind its back.
    expect(await query("no such brand's name", 3)).toEqual([expect.objectContaining({ id: 3 })]);
    expect(await query('back\\slash', 4)).toEqual([expect.objectContaining({ id: 4 })]);
    await d.db.execute(sql`DEALLOCATE ALL`);
    expect(await query(first!.name, 1)).toEqual(plain);
    expect(await query(first!.name, 1)).toEqual(plain);
    expect((await statements()).some((s) => s.statement.includes('from "brand"'))).toBe(true);
  });
});
