import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every class has one home stylesheet. Pages load different stylesheets (global.css everywhere, the others per
 * page or per component), so a class styled in two files looks different depending on which a page loads, and
 * breaks as soon as both are on one page. A component's classes are one BEM block named after it
 * (`.coupon-card`, `.coupon-card__title`, `.coupon-card--merchant`) in the stylesheet of its domain.
 *
 * The shared pieces of global.css below may be restyled in another stylesheet only inside a block of that file
 * (`.merchant-header .btn`), never on their own (`.btn--ghost {}` in product.css).
 */
const SHARED = new Set([
  // buttons and tags
  'btn',
  'btn--primary',
  'btn--ghost',
  'tag',
  'tag--self',
  // prices (src/components/ui/Price.astro)
  'price',
  // section headings and the user centre's page title
  'section-title',
  'user-centre__title',
  // the product card (src/components/product/ProductCard.astro), on most pages
  'card',
  'card__img',
  'card__framed',
  'card__frame',
  'card__price',
]);

const dir = fileURLToPath(new URL('.', import.meta.url));
const sheets = readdirSync(dir).filter((f) => f.endsWith('.css'));

/** The selectors of a stylesheet's rules (inside @media and @supports too), comments and strings removed. */
function selectorsOf(css: string): string[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""');
  const out: string[] = [];
  let prelude = '';
  for (const ch of text) {
    if (ch === '{') {
      const p = prelude.trim();
      if (p && !p.startsWith('@')) out.push(...p.split(',').map((s) => s.trim()));
      prelude = '';
    } else if (ch === '}' || ch === ';') prelude = '';
    else prelude += ch;
  }
  return out;
}

const classesOf = (selector: string): string[] => [...selector.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]!);

/** class → the stylesheets whose selectors name it, and the selectors that restyle a shared class on its own. */
function survey() {
  const homes = new Map<string, Set<string>>();
  const bare: string[] = [];
  for (const file of sheets) {
    for (const selector of selectorsOf(readFileSync(`${dir}/${file}`, 'utf8'))) {
      const classes = classesOf(selector);
      for (const c of classes) {
        if (SHARED.has(c) && file !== 'global.css') continue;
        if (!homes.has(c)) homes.set(c, new Set());
        homes.get(c)!.add(file);
      }
      if (file !== 'global.css' && classes.length > 0 && classes.every((c) => SHARED.has(c))) bare.push(`${file}: ${selector}`);
    }
  }
  return { homes, bare };
}

describe('stylesheet classes', () => {
  it('finds the selectors of nested rules and leaves out comments, strings and at-rule preludes', () => {
    const css = '/* .x {} */ .a, .b > .c:hover { content: "}.y{" } @media (width > 1px) { .d[title=".z"] { color: red } }';
    expect(selectorsOf(css)).toEqual(['.a', '.b > .c:hover', '.d[title=""]']);
    expect(classesOf('.b > .c:hover')).toEqual(['b', 'c']);
  });

  it('gives every class one home stylesheet', () => {
    const twice = [...survey().homes].filter(([, files]) => files.size > 1).map(([c, files]) => `.${c}: ${[...files].join(', ')}`);
    expect(twice).toEqual([]);
  });

  it("restyles global.css's shared classes elsewhere only inside that stylesheet's own blocks", () => {
    expect(survey().bare).toEqual([]);
  });

  it('lists only shared classes that global.css defines', () => {
    const { homes } = survey();
    expect([...SHARED].filter((c) => !homes.get(c)?.has('global.css'))).toEqual([]);
  });

  it('names classes with the one word of their domain (docs/architecture.md), not store, shop, promo, care or article', () => {
    const old = /^(store|shop|promo|care|article)(-|$)/;
    expect([...survey().homes.keys()].filter((c) => old.test(c))).toEqual([]);
  });
});
