import { describe, it, expect } from 'vitest';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cspDigestsOnce } from './csp-digests.ts';
import { importPatched, runTransform } from './patch-test-kit.ts';

const require = createRequire(import.meta.url);
const astroFile = join(require.resolve('astro/package.json'), '../dist/core/encryption.js');
const astroCode = readFileSync(astroFile, 'utf8');
const transform = (plugin: ReturnType<typeof cspDigestsOnce>, code: string, id: string) => runTransform(plugin, code, id);

/** Astro's encryption module as the build makes it (its imports pointed at Astro's). */
async function builtModule(limit?: number) {
  const fromAstro = createRequire(astroFile);
  return importPatched<{ generateCspDigest: (data: string, algorithm: string) => Promise<string> }>(
    cspDigestsOnce(limit),
    astroFile,
    astroCode,
    (code) =>
      code
        .replace('"@oslojs/encoding"', JSON.stringify(pathToFileURL(fromAstro.resolve('@oslojs/encoding')).href))
        .replace('"./csp/config.js"', JSON.stringify(pathToFileURL(join(astroFile, '../csp/config.js')).href)),
  );
}

const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

describe("Astro's CSP digests, made once", () => {
  it('gives each text its own digest, the same one again without hashing it again', async () => {
    const { generateCspDigest } = await builtModule();
    const first = generateCspDigest('body{color:red}', 'SHA-256');
    expect(await first).toBe(sha256('body{color:red}'));
    expect(generateCspDigest('body{color:red}', 'SHA-256')).toBe(first);
    expect(await generateCspDigest('console.log(1)', 'SHA-256')).toBe(sha256('console.log(1)'));
    expect(await generateCspDigest('body{color:red}', 'SHA-512')).toMatch(/^sha512-/);
  });

  it('starts over past its limit and still answers right', async () => {
    const { generateCspDigest } = await builtModule(2);
    for (const text of ['a', 'b', 'c', 'a', 'd']) expect(await generateCspDigest(text, 'SHA-256')).toBe(sha256(text));
  });

  it('leaves other modules alone and fails the build when Astro moved the function', () => {
    expect(transform(cspDigestsOnce(), astroCode, '/x/node_modules/astro/dist/core/other.js')).toBeUndefined();
    expect(() => transform(cspDigestsOnce(), 'export const x = 1;', astroFile)).toThrow(/no longer where it was/);
  });
});
