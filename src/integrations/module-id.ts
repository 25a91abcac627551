import type { Plugin } from 'vite';

/** Whether Vite module `id` (a path, maybe with a query, maybe with Windows separators) is the file `pattern` matches. */
export const isModule = (id: string, pattern: RegExp): boolean => pattern.test((id.split('?')[0] ?? id).replaceAll('\\', '/'));

/**
 * A build transform of one file of a dependency (`file`, a path ending that `module` matches): `patch` returns the
 * new code, or null when the code it expects is not there, and then the build fails (`what` is no longer where it
 * was) rather than silently running the dependency unpatched.
 */
export function patchModule(name: string, module: RegExp, file: string, what: string, patch: (code: string) => string | null): Plugin {
  return {
    name: `mallfront:${name}`,
    transform(code, id) {
      if (!isModule(id, module)) return;
      const patched = patch(code);
      if (patched === null) this.error(`mallfront:${name}: ${what} is no longer where it was in ${file}`);
      return { code: patched, map: null };
    },
  };
}
