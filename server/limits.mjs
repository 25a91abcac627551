// Request body limits, shared by the Node server (server/serve.mjs), Astro's adapter (astro.config.mjs) and the
// JSON reader (src/server/http/envelope.ts).

/** Any request body: the largest upload (product review and refund images) plus form overhead. */
export const BODY_LIMIT_BYTES = 10 * 1024 * 1024;
/** A JSON or form body of the API: far above any real request. */
export const JSON_BODY_LIMIT_BYTES = 64 * 1024;
