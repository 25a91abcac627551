/**
 * Deterministic randomness for the demo mall: every generated row is a pure function of its id, so the
 * demo seed and the large bench seed agree on the rows they share and a re-run builds the same mall.
 * Never Math.random.
 */

/** 32-bit integer hash of a few numbers (xmur3-style mixing). */
export function hash32(...parts: number[]): number {
  let h = 1779033703 ^ parts.length;
  for (const p of parts) {
    h = Math.imul(h ^ (p | 0), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  h = Math.imul(h ^ (h >>> 16), 2246822507);
  h = Math.imul(h ^ (h >>> 13), 3266489909);
  h ^= h >>> 16;
  return h >>> 0;
}

export interface Rng {
  /** [0, 1) */
  next(): number;
  /** Integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** true with probability p. */
  chance(p: number): boolean;
  /** `n` distinct items in their original order. */
  sample<T>(items: readonly T[], n: number): T[];
}

/** mulberry32: a tiny, fast, good-enough PRNG seeded with 32 bits. */
export function rng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => next() < p,
    sample: (items, n) => {
      const idx = items.map((_, i) => i);
      for (let i = idx.length - 1; i > 0; i--) {
        const j = int(0, i);
        [idx[i], idx[j]] = [idx[j]!, idx[i]!];
      }
      return idx
        .slice(0, Math.min(n, items.length))
        .sort((x, y) => x - y)
        .map((i) => items[i]!);
    },
  };
}

/** An rng for one entity: `entityRng('product', 42)` is the same stream on every run. */
export function entityRng(kind: string, id: number): Rng {
  let k = 0;
  for (const ch of kind) k = (Math.imul(k, 31) + ch.charCodeAt(0)) | 0;
  return rng(hash32(k, id));
}

/** Fixed instants for seeded timestamps (the mall "opened" on 2025-01-01, Beijing time). */
export const SEED_EPOCH = Date.parse('2025-01-01T00:00:00+08:00');
export const HOUR = 3600_000;
export const DAY = 24 * HOUR;
