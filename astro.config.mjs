// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import mallfront from './src/integrations/index.ts';
import { BODY_LIMIT_BYTES } from './server/limits.mjs';

export default defineConfig({
  output: 'server',
  // `middleware` mode: server/serve.mjs wraps Astro with compression, static caching and security headers.
  // Bodies are streamed and cut off at the limit (the adapter's default is 1 GB); see server/limits.mjs.
  // Pages are rendered to one string, not streamed: every page is sent (and kept) whole anyway, and the stream's hundreds
  // of chunks cost CPU (docs/decisions/page-cache.md, "Pages rendered whole").
  adapter: node({ mode: 'middleware', bodySizeLimit: BODY_LIMIT_BYTES, experimentalDisableStreaming: true }),
  // Islands are rendered to a string, not through React's web stream; our integration keeps each island's id prefix
  // (src/integrations/react-whole.ts).
  integrations: [react({ experimentalDisableStreaming: true }), mallfront()],
  security: {
    // Our middleware refuses cookie-authenticated cross-site writes; Astro's check would also refuse
    // body-less POSTs from API clients that authenticate by header.
    checkOrigin: false,
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data: blob:",
        "connect-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ],
    },
  },
  prefetch: false,
  // Agreements and news have no code blocks; Shiki's inline styles would also clash with the CSP.
  markdown: { syntaxHighlight: false },
  build: { inlineStylesheets: 'auto' },
  vite: {
    ssr: { noExternal: ['drizzle-orm'] },
  },
});
