import sanitizeHtml from 'sanitize-html';
import { escapeHtml } from '../../../shared/escape-html.ts';

/**
 * A shop's details tab (`content` of its products): the product page shows it as HTML, so a merchant's text is cleaned
 * to a fixed set of layout tags first (sanitize-html). Scripts, styles, event handlers, links, forms and frames go;
 * `<img>` keeps its `src` (only the paths of pictures on this site; the caller checks they are the shop's own), `alt`,
 * size and `loading`. Plain text with line breaks becomes paragraphs. The details the demo seed writes pass unchanged.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'blockquote',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'div',
    'span',
  ],
  // A picture's size keeps the page from shifting as it loads; `params` is the seeded details' parameter table.
  allowedAttributes: { img: ['src', 'alt', 'width', 'height', 'loading'], table: ['class'] },
  allowedClasses: { table: ['params'] },
  // Only site paths: an absolute or protocol-relative URL would let a shop load pictures (and track shoppers) elsewhere.
  allowedSchemes: [],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

/** A picture on this site: a path, not an absolute or protocol-relative URL. */
const SITE_PATH = /^\/(?!\/)/;

/** A picture's size in pixels, by its site path. */
export type PictureSizes = ReadonlyMap<string, { width: number; height: number }>;

/**
 * The cleaned HTML of a shop's details text and the site paths of the pictures it shows (for the ownership check). A
 * picture given without a size gets its size from `sizes` (the uploads' own), so the page does not shift as it loads.
 */
export function cleanProductContent(raw: string, sizes: PictureSizes = new Map()): { html: string; images: string[] } {
  const text = raw.trim();
  if (!text) return { html: '', images: [] };
  const source = /<[a-z!/]/i.test(text)
    ? text
    : text
        .split(/\r?\n\s*\r?\n|\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean)
        .map((line) => `<p>${escapeHtml(line)}</p>`)
        .join('');
  // The pictures kept are collected as the cleaner meets them (their `src` already decoded).
  const images: string[] = [];
  const html = sanitizeHtml(source, {
    ...OPTIONS,
    transformTags: {
      img: (tagName, attribs) => {
        const size = sizes.get(attribs.src ?? '');
        if (!size || attribs.width || attribs.height) return { tagName, attribs };
        return {
          tagName,
          attribs: { ...attribs, width: String(size.width), height: String(size.height), loading: attribs.loading ?? 'lazy' },
        };
      },
    },
    exclusiveFilter: (frame) => {
      if (frame.tag !== 'img') return false;
      const src = frame.attribs.src ?? '';
      if (!SITE_PATH.test(src)) return true;
      images.push(src);
      return false;
    },
  }).trim();
  return { html, images };
}
