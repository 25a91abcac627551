import type { APIRoute } from 'astro';
import { pageQrSvg } from '../server/services/media/page-qr.ts';
import { siteOrigin } from '../server/seo/site-origin.ts';
import { plainNotFound } from '../server/seo/responses.ts';

/**
 * `/qr.svg?path=/goods_detail/12`: the QR code of one of our public pages, at the mall's own origin (the product pages'
 * "scan to buy", the header's mobile mall). A picture of its own rather than a data URI inside every page: the page
 * is 2 KB lighter and renders without drawing it, and the browser keeps the picture for an hour.
 */
export const GET: APIRoute = async ({ url, locals }) => {
  const svg = await pageQrSvg(await siteOrigin(locals.ctx, url), url.searchParams.get('path') ?? '');
  if (!svg) return plainNotFound();
  return new Response(svg, {
    headers: { 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
};
