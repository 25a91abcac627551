// The API's routes as the fuzz specs call them, read from the endpoint files, so a new endpoint is fuzzed without
// touching a spec.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface Route {
  template: string;
  methods: string[];
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

/**
 * `src/pages/api/store/product/detail/[id].ts` → `/api/store/product/detail/[id]` with its exported methods, for every
 * endpoint under `dir` (rest routes `[...x]` and `_`-prefixed helpers left out).
 */
export function apiRoutes(dir = 'src/pages/api'): Route[] {
  return walk(dir)
    .filter((f) => f.endsWith('.ts') && !f.split('/').some((part) => part.startsWith('_')) && !f.includes('[...'))
    .map((f) => ({
      template: `/${relative('src/pages', f)
        .replace(/\.ts$/, '')
        .replace(/\/index$/, '')}`,
      methods: [...readFileSync(f, 'utf8').matchAll(/export const (GET|POST|PUT|PATCH|DELETE)\b/g)].map((m) => m[1]!),
    }))
    .filter((r) => r.methods.length);
}
