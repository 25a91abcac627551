import type { Plugin } from 'vite';
import { patchModule } from './module-id.ts';

const MODULE = /\/astro\/dist\/core\/routing\/router\.js$/;
const FIND = 'const route = this.#routes.find((candidate) => {';
const CLASS = 'class Router {';

/**
 * Routes looked up by their first path segment. Astro's router tries every route's pattern in priority order until one
 * matches (`Router.match`): the mall has about 300 routes, so a product page tried a hundred-odd regular expressions
 * (1.3 % of the main thread under product pages at 20 connections) and a path that matches none, all of them, twice
 * (16 % of a 404's). This build transform gives `match` only the routes that can match: those whose first segment is
 * that word, and those whose first segment is not a plain word (dynamic, a spread, mixed, the home page), in Astro's
 * priority order, which it keeps. A route whose first segment is a plain word (letters, digits, `_` and `-`, so its
 * pattern holds it as written) and that has no i18n fallback only matches paths whose first segment is that word.
 * The lists are made once per route table (Astro makes a new one when its routes change).
 * If the lookup is not where this expects it, the build fails rather than silently trying every route.
 */
export function routesByFirstSegment(): Plugin {
  return patchModule('route-index', MODULE, 'astro/dist/core/routing/router.js', 'Router.match', (code) => {
    if (!code.includes(FIND) || !code.includes(CLASS)) return null;
    const index = `const routeIndexes = new WeakMap();
/** The routes of \`routes\` (in their order) that can match \`pathname\`, by its first segment. */
function routesFor(routes, pathname) {
  let index = routeIndexes.get(routes);
  if (!index) {
    index = { routes, byWord: new Map(), wordOf: new Map(), others: [] };
    for (const route of routes) {
      const first = route.segments?.[0];
      const word = first?.length === 1 && !first[0].dynamic && !first[0].spread && /^[A-Za-z0-9_-]+$/.test(first[0].content) && !route.fallbackRoutes?.length ? first[0].content : null;
      if (word === null) index.others.push(route);
      else index.wordOf.set(route, word);
    }
    routeIndexes.set(routes, index);
  }
  const end = pathname.indexOf('/', 1);
  const word = pathname.slice(1, end === -1 ? pathname.length : end);
  let found = index.byWord.get(word);
  if (!found) {
    found = index.routes.filter((route) => !index.wordOf.has(route) || index.wordOf.get(route) === word);
    // Paths whose first segment names no route (404s, probes) all share the list of the others.
    if (found.length === index.others.length) found = index.others;
    else index.byWord.set(word, found);
  }
  return found;
}
`;
    return code.replace(CLASS, `${index}${CLASS}`).replace(FIND, 'const route = routesFor(this.#routes, pathname).find((candidate) => {');
  });
}
