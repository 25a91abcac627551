// biome-ignore lint/style/noRestrictedImports: the one module that imports zod itself, to set its messages first
import { z } from 'zod';

/**
 * zod, with its own messages in Chinese. Shared schemas (and the browser forms built on them) import `z` from here,
 * never from 'zod', so a field without a message of its own never shows a shopper zod's English default
 * ("Invalid input: expected string, received null"); the server's readBody and parseInput load it too (see
 * server/http/envelope.ts). A message a schema gives (`z.string({ error: '…' })`, `.max(n, '…')`) still wins: the
 * locale is only the last resort. The setting is zod's global one, so it holds for every zod schema in the process.
 */
z.config(z.locales.zhCN());

export { z };
