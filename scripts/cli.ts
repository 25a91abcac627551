/**
 * What the mall's command lines (scripts/merchant.ts, scripts/operator.ts) share: their options, one HTTP call to the
 * mall's JSON API (MALL_URL, default http://localhost:4321) unwrapping the `{status, message, data}` envelope, and
 * how a command ends (a refusal is one `error: …` line and exit code 1).
 */
import { readFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { CONTROL_CHARS } from '../src/shared/schemas/common.ts';
import { UPLOAD_MAX_BYTES, UPLOAD_TEXT } from '../src/shared/review.ts';

/** A refusal to print as one line (`error: …`), not as a stack trace. */
export class CliError extends Error {}

/** `--token`, `--page`, `--limit` and `-h`/`--help` (as the command `help`); the rest are the command and its words. */
export function parseArgs(argv: string[]) {
  const opts: { token?: string; page?: string; limit?: string } = {};
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--token' || a === '--page' || a === '--limit') {
      const v = argv[++i];
      if (v === undefined) throw new CliError(`${a} needs a value`);
      opts[a.slice(2) as 'token' | 'page' | 'limit'] = v;
    } else if (a === '-h' || a === '--help') rest.unshift('help');
    else rest.push(a);
  }
  return { opts, rest };
}

/** A positive id given on the command line (`name` says which, in the refusal). */
export function positiveId(v: string | undefined, name: string): string {
  if (!v || !/^[1-9]\d{0,9}$/.test(v)) throw new CliError(`${name} must be a positive number`);
  return v;
}

/**
 * A file named on the command line, from the directory the command was typed in: `npm run` runs the script from the
 * project root, and says where it was started in `INIT_CWD`.
 */
export const userPath = (path: string) => resolve(process.env.INIT_CWD ?? process.cwd(), path);

/** The JSON of a file, or of standard input for `-` (`what` names it in the refusal when no path is given). */
export async function readJsonFile(path: string | undefined, what: string): Promise<unknown> {
  if (!path) throw new CliError(`give a JSON file of the ${what}, or - to read it from standard input`);
  let text: string;
  try {
    text = path === '-' ? await new Response(process.stdin as unknown as ReadableStream).text() : await readFile(userPath(path), 'utf8');
  } catch (e) {
    throw new CliError(`cannot read ${path}: ${(e as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new CliError(`${path} is not JSON`);
  }
}

/** The mall's origin, without a trailing slash. */
export const mallUrl = () => (process.env.MALL_URL || 'http://localhost:4321').replace(/\/+$/, '');

/**
 * One API call with `Authorization: Bearer <token>` (none when null): the envelope's message and data, or a CliError.
 * A `FormData` body is sent as `multipart/form-data` (an upload, given a minute), anything else as JSON.
 */
export async function call(
  method: 'GET' | 'POST',
  path: string,
  token: string | null,
  body?: unknown,
): Promise<{ message: string; data: any }> {
  const base = mallUrl();
  const multipart = body instanceof FormData;
  let res: Response;
  try {
    res = await fetch(`${base}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body && !multipart ? { 'content-type': 'application/json' } : {}),
      },
      body: multipart ? body : body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(multipart ? 60_000 : 30_000),
    });
  } catch (err) {
    throw new CliError(`cannot reach the mall at ${base}: ${(err as Error).cause ?? (err as Error).message}`);
  }
  let env: { status?: number; message?: string; data?: unknown };
  try {
    env = (await res.json()) as typeof env;
  } catch {
    throw new CliError(`${base}${path} answered HTTP ${res.status} without JSON: is MALL_URL the mall?`);
  }
  if (!res.ok || env.status !== 200) throw new CliError(`${env.message ?? 'request refused'} (HTTP ${res.status})`);
  return { message: env.message ?? '', data: env.data };
}

/** The control characters shoppers' text may not carry (what starts a terminal escape sequence), each of them. */
const CONTROL = new RegExp(CONTROL_CHARS.source, 'g');

/** Text as printed to a terminal: each control character shows as `�`, so text a shopper wrote cannot drive it. */
export const printable = (text: string) => text.replace(CONTROL, '\ufffd');

/**
 * Runs a command line's `main` and exits with its code; a CliError is one `error: …` line and exit code 1.
 * Everything it prints passes through `printable`: orders, chats, refunds and invoices carry shoppers' text, which
 * could otherwise clear or fake the merchant's terminal (escape sequences) or write to its clipboard.
 */
export function runCli(main: () => Promise<number>): void {
  for (const stream of ['log', 'error'] as const) {
    const write = console[stream].bind(console);
    console[stream] = (...parts: unknown[]) => write(...parts.map((p) => (typeof p === 'string' ? printable(p) : p)));
  }
  main().then(
    (code) => process.exit(code),
    (err) => {
      console.error(err instanceof CliError ? `error: ${err.message}` : err);
      process.exit(1);
    },
  );
}

const PICTURE_TYPE: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};

/** A picture file posted to an upload endpoint (`path`) as the multipart field `file`: the envelope's message and data. */
export async function uploadPicture(file: string | undefined, endpoint: string, token: string): Promise<{ message: string; data: any }> {
  if (!file) throw new CliError('usage: upload <picture file>');
  let bytes: Buffer;
  try {
    bytes = await readFile(userPath(file));
  } catch (e) {
    throw new CliError(`cannot read ${file}: ${(e as Error).message}`);
  }
  // Refused here: the mall stops reading a larger body, and the answer could be lost.
  if (bytes.byteLength > UPLOAD_MAX_BYTES) throw new CliError(UPLOAD_TEXT.tooLarge);
  const form = new FormData();
  const ext = file.slice(file.lastIndexOf('.') + 1).toLowerCase();
  // The mall tells the format by the bytes; the declared type is only a courtesy.
  form.append('file', new Blob([new Uint8Array(bytes)], { type: PICTURE_TYPE[ext] ?? 'application/octet-stream' }), basename(file));
  return call('POST', endpoint, token, form);
}
