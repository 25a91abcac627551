/**
 * Search tokens for substring search without a text-search extension: every character (unigram) and every
 * pair of adjacent characters (bigram) of each word. A product's tokens are stored in `product.search_tokens`
 * (GIN-indexed); a keyword matches only products whose tokens contain all of the keyword's tokens, and ILIKE
 * then re-checks the real substring. Works for Chinese (no word breaks, 1-2 character words are common),
 * Latin words and digits alike, on PGlite and PostgreSQL without pg_trgm.
 */

// Separators are the same on both sides, so a substring of a product's text always yields a token subset.
const SEPARATORS = /[\s,，、;；:：/\\|()（）【】[\]{}"'“”‘’!！?？。·.+\-_&*#@%~`<>《》]+/u;

function words(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().split(SEPARATORS).filter(Boolean);
}

function tokensOfWord(word: string, out: Set<string>, unigrams: boolean): void {
  const chars = [...word];
  if (unigrams || chars.length === 1) for (const c of chars) out.add(c);
  for (let i = 0; i + 1 < chars.length; i++) out.add(chars[i]! + chars[i + 1]!);
}

/** Tokens stored for a product: unigrams and bigrams of its name and keywords. */
export function documentTokens(...texts: string[]): string[] {
  const out = new Set<string>();
  for (const t of texts) for (const w of words(t)) tokensOfWord(w, out, true);
  return [...out].sort();
}

/** Tokens a keyword needs: bigrams of each word (a 1-character word needs its unigram). */
export function queryTokens(keyword: string): string[] {
  const out = new Set<string>();
  for (const w of words(keyword)) tokensOfWord(w, out, false);
  return [...out].sort();
}

/** The keyword's whitespace-separated parts; each must appear (ILIKE) in the name or keywords. */
export function keywordParts(keyword: string): string[] {
  return keyword.normalize('NFKC').trim().split(/\s+/u).filter(Boolean).slice(0, 5);
}

/** A parameter value as stored in `product.filter_tokens`: '<parameter_id>:<value>'. */
export function filterToken(parameterId: number | string, value: string): string {
  return `${parameterId}:${value}`;
}
