import { describe, it, expect } from 'vitest';
import { existsSync } from 'node:fs';
import { ROUTES } from './routes.ts';
import { userMenu } from './user-menu.ts';

/** The page file of a route path: `/` → index.astro, `/user` → user/index.astro or user.astro. */
const pageExists = (path: string) => {
  const base = `src/pages${path === '/' ? '' : path}`;
  return existsSync(`${base}.astro`) || existsSync(`${base}/index.astro`);
};

describe('route table and user menu', () => {
  it('marks exactly the routes that have a page as built', () => {
    for (const [name, d] of Object.entries(ROUTES)) expect(!!(d as { built?: boolean }).built, name).toBe(pageExists(d.path));
  });

  it('lists the built user-centre routes in the reference order, each once', () => {
    const built = Object.values(ROUTES).filter((d) => d.menu && d.built);
    expect(userMenu.map((m) => m.path)).toEqual(built.sort((a, b) => a.menu!.order - b.menu!.order).map((d) => d.path));
    expect(userMenu[0]).toEqual({ label: '账户管理', href: '/user', path: '/user' });
    const orders = Object.values(ROUTES).flatMap((d) => (d.menu ? [d.menu.order] : []));
    expect(new Set(orders).size).toBe(orders.length);
  });
});
