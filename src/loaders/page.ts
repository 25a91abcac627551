import type { ServiceContext } from '../server/services/context.ts';
import { pricingOf, type Pricing } from '../server/pricing/pricing.ts';
import { siteOrigin } from '../server/seo/site-origin.ts';

/**
 * What a loader reads of the request (pages pass `Astro`): the service context the middleware put on
 * `locals.ctx`, the URL, route params, and the request itself for the pages that accept a form POST.
 */
export interface PageInput {
  locals: App.Locals;
  url: URL;
  params?: Record<string, string | undefined>;
  request?: Request;
  /** The request's cookies (pages that remember a shopper's choice in one, such as the cart's selection). */
  cookies?: { get(name: string): { value: string } | undefined };
}

/** The service context of a page request. */
export const ctxOf = (page: PageInput): ServiceContext => page.locals.ctx;

/** What nearly every page shows beside its data: prices in the shopper's currency and the origin of absolute URLs. */
export interface PageBasics {
  pricing: Pricing;
  /** The origin absolute URLs are built on (JSON-LD, canonical links): the same rule as the sitemap and robots.txt. */
  origin: string;
}

export async function pageBasics(page: PageInput): Promise<PageBasics> {
  const [pricing, origin] = await Promise.all([pricingOf(page.locals), siteOrigin(page.locals.ctx, page.url)]);
  return { pricing, origin };
}
