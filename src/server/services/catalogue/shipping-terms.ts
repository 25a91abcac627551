import { eq } from 'drizzle-orm';
import { shippingTemplate, shippingTemplateRegion } from '../../db/schema/index.ts';
import type { ServiceContext } from '../context.ts';
import { regionChildren } from '../address/regions.ts';
import type { ShippingTerms } from './guarantees.ts';
import { cached, CACHE_KEYS } from '../cache.ts';
import { shows, tag } from '../cache-tags.ts';

/** Province codes outside the mainland region data. */
const OUTSIDE = new Map([
  [71, '台湾'],
  [81, '香港'],
  [82, '澳门'],
]);

/**
 * What a product page says about its shipping template (null when the template is gone), kept per template: most of a
 * shop's products share a few templates, and reading one took two queries on each page of a product that is not shipped
 * free. A merchant's change to the template drops it (`shipping:<id>`, merchant-api/shipping-templates.ts).
 */
export function shippingTerms(ctx: Pick<ServiceContext, 'db'>, tempId: number): Promise<ShippingTerms | null> {
  return cached(ctx.db, `${CACHE_KEYS.shipping}${tempId}`, () => {
    shows(tag('shipping', tempId));
    return readTerms(ctx, tempId);
  });
}

async function readTerms(ctx: Pick<ServiceContext, 'db'>, tempId: number): Promise<ShippingTerms | null> {
  const [t] = await ctx.db.select().from(shippingTemplate).where(eq(shippingTemplate.shippingTemplateId, tempId));
  if (!t) return null;
  const rules = await ctx.db.select().from(shippingTemplateRegion).where(eq(shippingTemplateRegion.shippingTemplateId, tempId));
  const base = rules.find((r) => r.regions.length === 0) ?? rules[0];
  if (!base) return null;
  const provinces = new Map(
    (await regionChildren(0)).map((r) => [r.id, r.name.replace(/(省|市|壮族自治区|回族自治区|维吾尔自治区|自治区|特别行政区)$/, '')]),
  );
  return {
    type: t.type,
    freePrice: t.freePrice,
    first: Number(base.first),
    firstPrice: base.firstPrice,
    continue: Number(base.continue),
    continuePrice: base.continuePrice,
    undelivered: t.undelivered.map((c) => OUTSIDE.get(c) ?? provinces.get(c) ?? String(c)),
    dearer: rules.some((r) => r.regions.length > 0 && (r.firstPrice > base.firstPrice || r.continuePrice > base.continuePrice)),
  };
}
