import type { Plugin } from 'vite';
import { patchModule } from './module-id.ts';

const MODULE = /\/astro\/dist\/core\/encryption\.js$/;
const ORIGINAL = 'async function generateCspDigest(data, algorithm) {';

/**
 * Astro hashes each inline style and script of a route for the page's content security policy on every render
 * (`generateCspDigest`, called from `createResult` in `core/fetch/fetch-state.js`): an encode, a WebCrypto job on
 * the thread pool and a base64 per inline element, 17 of them on a product page, although a route's inline
 * elements are the same at every render. This build transform keeps each digest once made (per algorithm and text,
 * at most `LIMIT` texts, then it starts over), so a render awaits digests already made. Astro's code is otherwise
 * unchanged; if the function is not where this expects it, the build fails rather than silently hashing per render.
 */
export function cspDigestsOnce(limit = 2000): Plugin {
  return patchModule('csp-digests-once', MODULE, 'astro/dist/core/encryption.js', 'generateCspDigest', (code) => {
    if (!code.includes(ORIGINAL)) return null;
    const memo = `const cspDigestsMade = new Map();
function generateCspDigest(data, algorithm) {
  let made = cspDigestsMade.get(algorithm);
  if (!made) {
    made = new Map();
    cspDigestsMade.set(algorithm, made);
  }
  let digest = made.get(data);
  if (!digest) {
    if (made.size >= ${limit}) made.clear();
    digest = makeCspDigest(data, algorithm);
    made.set(data, digest);
    digest.catch(() => made.delete(data));
  }
  return digest;
}
async function makeCspDigest(data, algorithm) {`;
    return code.replace(ORIGINAL, memo);
  });
}
