/**
 * What the mall's command lines (scripts/merchant.ts, scripts/operator.ts) share: their options, one HTTP call to the
 * mall's JSON API (MALL_URL, default http://localhost:4321) unwrapping the `{status, message, data}` envelope, and
 * how a command ends (a refusal is one `error: …` line and exit code 1).
 */

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

/** The mall's origin, without a trailing slash. */
export const mallUrl = () => (process.env.MALL_URL || 'http://localhost:4321').replace(/\/+$/, '');

/** One API call with `Authorization: Bearer <token>` (none when null): the envelope's message and data, or a CliError. */
export async function call(
  method: 'GET' | 'POST',
  path: string,
  token: string | null,
  body?: unknown,
): Promise<{ message: string; data: any }> {
  const base = mallUrl();
  let res: Response;
  try {
    res = await fetch(`${base}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(30_000),
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

/** Runs a command line's `main` and exits with its code; a CliError is one `error: …` line and exit code 1. */
export function runCli(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (err) => {
      console.error(err instanceof CliError ? `error: ${err.message}` : err);
      process.exit(1);
    },
  );
}
