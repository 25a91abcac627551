import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

/** For the tests of the build transforms (module-id.ts `patchModule`): what Vite's transform context gives them. */
const context = {
  error: (message: string): never => {
    throw new Error(message);
  },
};

/** `plugin`'s transform of `code` as module `id`, as the build runs it (undefined: left alone). */
export const runTransform = (plugin: Plugin, code: string, id: string) =>
  (plugin.transform as (this: typeof context, code: string, id: string) => { code: string } | undefined).call(context, code, id);

/**
 * The dependency file `file` as `plugin` makes it in the build, loaded from a temporary file: `rewrite` points its
 * imports at where they are (the temporary file is elsewhere).
 */
export async function importPatched<T>(plugin: Plugin, file: string, code: string, rewrite: (code: string) => string): Promise<T> {
  const out = runTransform(plugin, code, file);
  if (!out) throw new Error(`${file} was not transformed`);
  const patched = join(mkdtempSync(join(tmpdir(), 'patched-')), 'module.mjs');
  writeFileSync(patched, rewrite(out.code));
  return (await import(/* @vite-ignore */ pathToFileURL(patched).href)) as T;
}
