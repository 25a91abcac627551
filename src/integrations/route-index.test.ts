import { describe, it, expect } from 'vitest';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { routesByFirstSegment } from './route-index.ts';
import { importPatched, runTransform } from './patch-test-kit.ts';

const require = createRequire(import.meta.url);
const routingDir = join(require.resolve('astro/package.json'), '../dist/core/routing');
const routerFile = join(routingDir, 'router.js');
const routerCode = readFileSync(routerFile, 'utf8');

type Part = { content: string; dynamic: boolean; spread: boolean };
interface RouterLike {
  match(pathname: string, opts?: { allowWithoutBase?: boolean }): { type: string; route?: { route: string }; params?: unknown };
}
type RouterClass = new (routes: unknown[], opts: { base: string; trailingSlash: string; buildFormat: string }) => RouterLike;

const { getPattern } = (await import(pathToFileURL(join(routingDir, 'pattern.js')).href)) as {
  getPattern: (segments: Part[][], base: string, trailing: string) => RegExp;
};
const { Router: AstroRouter } = (await import(pathToFileURL(routerFile).href)) as { Router: RouterClass };
/** Astro's router as the build makes it (its imports pointed at Astro's). */
const { Router: IndexedRouter } = await importPatched<{ Router: RouterClass }>(routesByFirstSegment(), routerFile, routerCode, (code) =>
  code.replace(/from "(\.\.?\/[^"]+)"/g, (_, rel: string) => `from ${JSON.stringify(pathToFileURL(join(routingDir, rel)).href)}`),
);

interface RouteData {
  route: string;
  segments: Part[][];
  pattern: RegExp;
  params: string[];
  type: string;
  component: string;
  isIndex: boolean;
  prerender: boolean;
  fallbackRoutes: RouteData[];
}

/** A route as Astro's manifest gives it, from its path (`[id]` dynamic, `[...rest]` a spread, `news-[id]` mixed). */
function routeOf(path: string, fallback?: string): RouteData {
  const segments: Part[][] = path
    .split('/')
    .filter(Boolean)
    .map((segment) =>
      segment
        .split(/(\[[^\]]+\])/)
        .filter(Boolean)
        .map((part) => {
          const name = part.match(/^\[(.+)\]$/)?.[1];
          return { content: name ?? part, dynamic: !!name, spread: !!name?.startsWith('...') };
        }),
    );
  const params = segments
    .flat()
    .filter((p) => p.dynamic)
    .map((p) => p.content);
  const pattern = getPattern(segments, '/', 'ignore');
  return {
    route: path,
    segments,
    pattern,
    params,
    type: 'page',
    component: `src/pages${path}.astro`,
    isIndex: false,
    prerender: false,
    fallbackRoutes: fallback ? [{ ...routeOf(fallback), route: fallback }] : [],
  };
}

const routes = [
  '/',
  '/404',
  '/goods_detail/[id]',
  '/goods_detail/new',
  '/goods_detail/[id]/reviews',
  '/goods_list',
  '/api/[...rest]',
  '/api/store/product/detail/[id]',
  '/[lang]/about',
  '/news-[id]',
  '/über',
  '/a.b',
  '/[...slug]',
].map((path) => routeOf(path));
routes.push(routeOf('/en/store', '/store-en'));
routes.push(routeOf('/store'));

const paths = [
  '/',
  '/404',
  '/goods_detail/1',
  '/goods_detail/1/',
  '/goods_detail/new',
  '/goods_detail/1/reviews',
  '/goods_detail',
  '/goods_detail/',
  '/goods_detailx/1',
  '/GOODS_DETAIL/1',
  '/goods_list',
  '/goods_list/2',
  '/api/store/product/detail/7',
  '/api/anything/else',
  '/zh/about',
  '/news-5',
  '/über',
  '/%C3%BCber',
  '/a.b',
  '/store',
  '/store-en',
  '/en/store',
  '/unknown/1',
  '/nothing-at-all',
  '//x',
];

describe('routes looked up by their first segment', () => {
  it('matches every path to the route Astro matches it to, with the same parameters, with or without a catch-all', () => {
    for (const set of [routes, routes.filter((r) => r.route !== '/[...slug]')]) {
      const astro = new AstroRouter(set, { base: '/', trailingSlash: 'ignore', buildFormat: 'directory' });
      const indexed = new IndexedRouter(set, { base: '/', trailingSlash: 'ignore', buildFormat: 'directory' });
      for (const path of paths) {
        for (const opts of [undefined, { allowWithoutBase: true }]) {
          const want = astro.match(path, opts);
          const got = indexed.match(path, opts);
          expect({ path, type: got.type, route: got.route?.route, params: got.params }).toEqual({
            path,
            type: want.type,
            route: want.route?.route,
            params: want.params,
          });
        }
      }
    }
    // The lists were worth checking: a catch-all takes what no other route does, and without it those paths match none.
    const indexed = new IndexedRouter(routes, { base: '/', trailingSlash: 'ignore', buildFormat: 'directory' });
    expect(indexed.match('/goods_detail/1').route?.route).toBe('/goods_detail/[id]');
    expect(indexed.match('/goods_detail/new').route?.route).toBe('/goods_detail/new');
    expect(indexed.match('/nothing-at-all').route?.route).toBe('/[...slug]');
    expect(indexed.match('/store-en').route?.route).toBe('/en/store');
  });

  it('leaves other modules alone and fails the build when Astro moved the lookup', () => {
    expect(runTransform(routesByFirstSegment(), routerCode, '/x/node_modules/astro/dist/core/routing/other.js')).toBeUndefined();
    expect(() => runTransform(routesByFirstSegment(), 'export class Router {}', routerFile)).toThrow(/no longer where it was/);
  });
});
