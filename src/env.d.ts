/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    db: import('./server/db/client.ts').Db;
    user: import('./server/services/context.ts').SessionUser | null;
    /** The raw session token of this request, when it belongs to a live session. */
    token: string | null;
    locale: import('./shared/locale.ts').Locale;
    /** The service context of this request (database, session user, client IP), built once by the middleware. */
    ctx: import('./server/services/context.ts').ServiceContext;
    /** When this page's content changes by itself (a countdown ends; ms since the epoch): the visitor page cache keeps it no longer. */
    pageCacheUntil?: number;
    /** server/serve.mjs's way out for a kept page's answer: it writes `answer` itself in place of the bodiless Response returned. */
    sendAnswer?: (answer: import('./server/http/page-cache.ts').Answer) => Response;
  }
}

declare namespace Astro {
  /**
   * The project's `client:interact` directive (src/integrations/interact-directive.ts): hydrate on the first
   * pointer, focus or touch; `"load"` hydrates at once and replays a click that landed before hydration.
   * Astro's AstroClientDirectives interface is extended through this global one.
   */
  interface ClientDirectives {
    'client:interact'?: boolean | 'load';
  }
}
