/**
 * Seed-time images: small deterministic SVGs (colour from the id, a category pictogram, a short label), so
 * the demo mall has pictures without any network. Stored in the `media` table with their size.
 */
import type { Pictogram } from './catalogue-data.ts';
import { hash32 } from './catalogue-random.ts';

export interface MediaRow {
  mediaId: string;
  mime: string;
  body: string;
  width: number;
  height: number;
}

export const SVG_MIME = 'image/svg+xml';
export const PRODUCT_IMAGE = { width: 800, height: 800 };
export const mediaUrl = (id: string) => `/media/${id}.svg`;

// Pictograms in a 100×100 box, stroked in white.
const PICTOGRAMS: Record<Pictogram, string> = {
  phone: '<rect x="30" y="10" width="40" height="80" rx="8"/><circle cx="50" cy="79" r="4"/><path d="M43 17h14"/>',
  shirt: '<path d="M35 15 20 25 10 40l12 8 6-8v48h44V40l6 8 12-8-10-15-15-10q-15 13-30 0z"/>',
  food: '<path d="M15 52h70q0 33-35 33T15 52zM38 42q-5-10 2-18M52 42q-5-10 2-18M66 42q-5-10 2-18"/>',
  lipstick: '<path d="M36 56h28v34H36zM40 56V30l20-10v36"/>',
  home: '<path d="M14 50 50 18l36 32M25 42v43h50V42M42 85V62h16v23"/>',
  ball: '<circle cx="50" cy="50" r="35"/><path d="M15 50h70M50 15v70M25 25q25 25 0 50M75 25q-25 25 0 50"/>',
  baby: '<path d="M42 18h16v10H42zM38 28h24v8H38zM36 36h28v48q0 8-8 8H44q-8 0-8-8zM36 54h28"/>',
  book: '<path d="M50 25Q30 15 12 22v60q18-7 38 3 20-10 38-3V22q-18-7-38 3zm0 0v60"/>',
};

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function palette(seed: number): [string, string] {
  const hue = seed % 360;
  return [`hsl(${hue},58%,52%)`, `hsl(${(hue + 35) % 360},62%,36%)`];
}

function frame(w: number, h: number, seed: number, inner: string, label: string): string {
  const [a, b] = palette(seed);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${esc(label)}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#g)"/>${inner}</svg>`
  );
}

function pictogram(icon: Pictogram, x: number, y: number, size: number): string {
  const k = size / 100;
  return `<g transform="translate(${x} ${y}) scale(${k})" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round" stroke-linejoin="round">${PICTOGRAMS[icon]}</g>`;
}

const text = (x: number, y: number, size: number, s: string, weight = 700, opacity = 1) =>
  `<text x="${x}" y="${y}" font-family="PingFang SC,Microsoft YaHei,Noto Sans CJK SC,sans-serif" font-size="${size}" font-weight="${weight}" fill="#fff" fill-opacity="${opacity}" text-anchor="middle">${esc(s)}</text>`;

/** A square product picture; `variant` 1-3 shifts colour and layout for the gallery. */
export function productImage(mediaId: string, seed: number, variant: number, icon: Pictogram, title: string, subtitle: string): MediaRow {
  const { width: w, height: h } = PRODUCT_IMAGE;
  const s = hash32(seed, variant);
  const deco = `<circle cx="${120 + (s % 560)}" cy="${110 + ((s >> 9) % 160)}" r="${90 + (s % 70)}" fill="#fff" fill-opacity=".08"/>`;
  const body = frame(
    w,
    h,
    seed * 7 + variant * 40,
    `${deco}${pictogram(icon, 250, 170 + variant * 10, 300)}${text(400, 610, 64, title)}${text(400, 690, 36, subtitle, 400, 0.85)}`,
    `${subtitle} ${title}`,
  );
  return { mediaId, mime: SVG_MIME, body, width: w, height: h };
}

/** A small square category or brand picture. */
export function tileImage(mediaId: string, seed: number, icon: Pictogram, label: string, size = 200): MediaRow {
  const body = frame(
    size,
    size,
    seed * 13,
    `${pictogram(icon, size * 0.28, size * 0.14, size * 0.44)}${text(size / 2, size * 0.86, size * 0.13, label)}`,
    label,
  );
  return { mediaId, mime: SVG_MIME, body, width: size, height: size };
}

/**
 * A wide banner (shop top banner, carousel). Its picture and words keep to the middle two thirds of its height: the
 * shop pages show the same picture as a 6:1 shop sign (1200×200, cropped top and bottom) and as a 4:1 card or slide.
 */
export function bannerImage(mediaId: string, seed: number, icon: Pictogram, title: string, subtitle: string, w = 1200, h = 300): MediaRow {
  const inner = `${pictogram(icon, w - h - 60, h * 0.22, h * 0.56)}${text(w * 0.36, h * 0.5, h * 0.15, title)}${text(w * 0.36, h * 0.72, h * 0.08, subtitle, 400, 0.9)}`;
  return { mediaId, mime: SVG_MIME, body: frame(w, h, seed * 17, inner, title), width: w, height: h };
}

/** A licence-like document picture (营业执照) for the qualifications page. */
export function licenceImage(mediaId: string, seed: number, title: string, shop: string, number: string): MediaRow {
  const w = 600;
  const h = 800;
  const lines = [`名称：${shop}`, `统一社会信用代码：${number}`, '类型：有限责任公司', '经营范围：网上零售', '登记机关：市场监督管理局'];
  const rows = lines
    .map((l, i) => `<text x="60" y="${300 + i * 60}" font-size="24" fill="#333" font-family="sans-serif">${esc(l)}</text>`)
    .join('');
  const body =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${esc(title)}">` +
    `<rect width="${w}" height="${h}" fill="#fffdf5"/><rect x="20" y="20" width="${w - 40}" height="${h - 40}" fill="none" stroke="#c8102e" stroke-width="6"/>` +
    `<text x="300" y="150" font-size="48" font-weight="700" fill="#c8102e" text-anchor="middle" font-family="sans-serif">${esc(title)}</text>${rows}` +
    `<circle cx="460" cy="660" r="70" fill="none" stroke="#c8102e" stroke-width="5" stroke-opacity=".8"/><text x="460" y="668" font-size="20" fill="#c8102e" text-anchor="middle" font-family="sans-serif">${seed % 1000}</text></svg>`;
  return { mediaId, mime: SVG_MIME, body, width: w, height: h };
}
