/** Whether Vite module `id` (a path, maybe with a query, maybe with Windows separators) is the file `pattern` matches. */
export const isModule = (id: string, pattern: RegExp): boolean => pattern.test((id.split('?')[0] ?? id).replaceAll('\\', '/'));
