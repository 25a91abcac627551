import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { precompress } from './precompress.ts';
import { cspDigestsOnce } from './csp-digests.ts';
import { reactIslandsWhole } from './react-whole.ts';
import { pageImportsOnce } from './page-imports.ts';
import { routesByFirstSegment } from './route-index.ts';
import { prefetchRules } from '../shared/routes.ts';

/**
 * Registers `client:interact`, bakes the prefetch rules into the client, makes each CSP digest of Astro's once
 * (csp-digests.ts), renders React islands to a string with their id prefix (react-whole.ts), imports each page module
 * once (page-imports.ts), looks routes up by their first path segment (route-index.ts), and precompresses
 * client assets (br + gzip) after the build.
 */
export default function mallfront(): AstroIntegration {
  return {
    name: 'mallfront',
    hooks: {
      'astro:config:setup': ({ addClientDirective, updateConfig }) => {
        // The prefetcher's two path lists, so the browser does not download the route table (src/client/navigation.ts).
        updateConfig({
          vite: {
            define: { __PREFETCH_RULES__: JSON.stringify(prefetchRules()) },
            plugins: [cspDigestsOnce(), reactIslandsWhole(), pageImportsOnce(), routesByFirstSegment()],
          },
        });
        addClientDirective({
          name: 'interact',
          entrypoint: fileURLToPath(new URL('./interact-directive.ts', import.meta.url)),
        });
      },
      'astro:build:done': async ({ logger }) => {
        const n = await precompress(fileURLToPath(new URL('../../dist/client/', import.meta.url)));
        logger.info(`precompressed ${n} client assets (br, gzip)`);
      },
    },
  };
}
