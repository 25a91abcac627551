import { existsSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import { ROUTES } from '../shared/routes.ts';
import { unbuiltRoutes } from './built-routes.ts';

const hasPage = (path: string) =>
  existsSync(`src/pages${path}.astro`) || existsSync(`src/pages${path === '/' ? '' : path}/index.astro`);

describe('unbuiltRoutes', () => {
  it('lists exactly the route-table paths that have no page file', () => {
    const expected = Object.values(ROUTES).map((r) => r.path).filter((p) => !hasPage(p));
    expect(unbuiltRoutes.sort()).toEqual(expected.sort());
  });

  it('counts index pages and [id] pages as built', () => {
    for (const p of ['/', '/user', '/store', '/goods_detail/[id]', '/store/category']) expect(unbuiltRoutes).not.toContain(p);
  });
});
