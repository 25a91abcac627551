import { createHash } from 'node:crypto';

/** A strong validator from the bytes themselves, so every app process hands out the same one. */
export function mediaEtag(body: string | Uint8Array): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/**
 * If-None-Match uses the weak comparison (RFC 9110 13.1.2): `W/` is ignored, so a tag weakened by a
 * compressing proxy still matches. `*` matches any current representation.
 */
export function etagMatches(header: string | null, etag: string): boolean {
  if (!header) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return header.split(',').some((t) => t.trim() === '*' || bare(t) === bare(etag));
}
