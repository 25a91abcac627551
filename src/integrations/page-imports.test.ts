import { describe, it, expect } from 'vitest';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { pageImportsOnce } from './page-imports.ts';
import { importPatched, runTransform } from './patch-test-kit.ts';

const require = createRequire(import.meta.url);
const astroFile = join(require.resolve('astro/package.json'), '../dist/core/environment/production.js').replaceAll('\\', '/');
const astroCode = readFileSync(astroFile, 'utf8');
const transform = (code: string, id: string) => runTransform(pageImportsOnce(), code, id);

type Environment = { getModuleForRoute(manifest: object, route: object): Promise<unknown> };

/** Astro's production environment as the build makes it (its imports pointed at Astro's). */
async function builtEnvironment(): Promise<Environment> {
  const built = await importPatched<{ productionEnvironment: Environment }>(pageImportsOnce(), astroFile, astroCode, (code) =>
    code.replace(/from "(\.\.\/[^"]+)"/g, (_, path: string) => `from ${JSON.stringify(pathToFileURL(join(astroFile, '..', path)).href)}`),
  );
  return built.productionEnvironment;
}

describe('page modules imported once', () => {
  it('gives each route its module from one import, and tries a failed import again on the next request', async () => {
    const env = await builtEnvironment();
    let imports = 0;
    let fail = true;
    const pageModule = { page: () => ({}) };
    const manifest = {
      rootDir: 'file:///mall/',
      routes: [],
      pageMap: new Map<string, () => Promise<unknown>>([
        ['src/pages/a.astro', async () => (imports++, pageModule)],
        [
          'src/pages/b.astro',
          async () => {
            imports++;
            if (fail) throw new Error('not yet');
            return pageModule;
          },
        ],
      ]),
    };
    const route = (component: string) => ({ component, type: 'page', route: `/${component}` });
    expect(await env.getModuleForRoute(manifest, route('src/pages/a.astro'))).toBe(pageModule);
    expect(await env.getModuleForRoute(manifest, route('src/pages/a.astro'))).toBe(pageModule);
    expect(imports).toBe(1);
    await expect(env.getModuleForRoute(manifest, route('src/pages/b.astro'))).rejects.toThrow('not yet');
    fail = false;
    expect(await env.getModuleForRoute(manifest, route('src/pages/b.astro'))).toBe(pageModule);
    expect(await env.getModuleForRoute(manifest, route('src/pages/b.astro'))).toBe(pageModule);
    expect(imports).toBe(3);
  });

  it('leaves other modules alone, and fails the build when the import has moved', () => {
    expect(transform(astroCode, '/x/node_modules/astro/dist/core/environment/development.js')).toBeUndefined();
    const moved = astroCode.replace('return await importComponentInstance();', 'return importComponentInstance();');
    expect(() => transform(moved, astroFile)).toThrow(/no longer where it was/);
  });
});
