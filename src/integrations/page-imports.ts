import type { Plugin } from 'vite';
import { patchModule } from './module-id.ts';

const MODULE = /\/astro\/dist\/core\/environment\/production\.js$/;
const ORIGINAL = 'return await importComponentInstance();';

/**
 * Each page module imported once. Astro's production environment finds a route's module with `import()` on every
 * request (`getModuleForRoute`): the module is loaded only the first time, but each `import()` still resolves the
 * specifier and looks up its module job, about 40 µs of main-thread time per rendered page or API call (4 % of a
 * small endpoint's). This build transform keeps each route's import promise (a failed one is forgotten, so the next
 * request tries again). Astro's code is otherwise unchanged; if the call is not where this expects it, the build
 * fails rather than silently importing per request.
 */
export function pageImportsOnce(): Plugin {
  return patchModule('page-imports-once', MODULE, 'astro/dist/core/environment/production.js', 'the page import', (code) => {
    if (!code.includes(ORIGINAL)) return null;
    const once = `let imported = pagesImported.get(importComponentInstance);
    if (!imported) {
      imported = importComponentInstance();
      pagesImported.set(importComponentInstance, imported);
      imported.catch(() => pagesImported.delete(importComponentInstance));
    }
    return await imported;`;
    return `const pagesImported = new WeakMap();\n${code.replace(ORIGINAL, once)}`;
  });
}
