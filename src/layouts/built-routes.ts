import { ROUTES } from '../shared/routes.ts';

// The page files of this build, read by Vite at build time (only the names: no page is imported here).
const files = Object.keys(import.meta.glob('../pages/**/*.astro'));
const built = new Set(files.map((f) => f.replace(/^\.\.\/pages/, '').replace(/\.astro$/, '').replace(/\/index$/, '') || '/'));

/**
 * Paths of the route table (src/shared/routes.ts) that no page serves yet: later issues add the pages and this
 * list shrinks by itself. The browser never prefetches links to them (they would answer 404).
 */
export const unbuiltRoutes: string[] = Object.values(ROUTES)
  .map((r) => r.path)
  .filter((p) => !built.has(p));
