import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { precompress } from './precompress.ts';

/** Registers `client:interact` and precompresses client assets (br + gzip) after the build. */
export default function mallfront(): AstroIntegration {
  return {
    name: 'mallfront',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
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
