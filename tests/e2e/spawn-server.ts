// The built server as a child process, the way an operator runs it (`node server/serve.mjs`), for specs that
// need their own server with other settings than the shared test server.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/server/db/client.ts';

/** `cwd`: a copy of the project to run instead of this checkout. */
export function startServe(env: Record<string, string>, cwd?: string) {
  const child = spawn(process.execPath, ['server/serve.mjs'], { env: { ...process.env, HOST: '127.0.0.1', ...env }, cwd });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = () =>
    new Promise<void>((resolve, reject) => {
      if (output.includes('is ready at')) return resolve();
      child.stdout.on('data', () => output.includes('is ready at') && resolve());
      void exited.then((code) => reject(new Error(`exited ${code}: ${output}`)));
    });
  return { child, exited, ready, output: () => output };
}

export function listenAnywhere(): Promise<{ server: Server; port: number }> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as { port: number }).port }));
  });
}

/** A port free at the time of asking. */
export async function freePort(): Promise<number> {
  const { server, port } = await listenAnywhere();
  await new Promise((r) => server.close(r));
  return port;
}

type OwnDb = Awaited<ReturnType<typeof openDatabase>>['db'];

/**
 * The built server on a demo mall of its own (a fresh data directory, seeded as `npm start` seeds it), for a spec whose
 * changes the shared server's other specs must not see. `prepare` works on the database before the server opens it
 * (sessions, the rows the test needs) and returns what the test wants from it; the server runs without jobs. `run` gets
 * the server's base URL and that; then the server stops and the directory goes.
 */
export async function withOwnMall<T>(
  name: string,
  prepare: (db: OwnDb) => Promise<T>,
  run: (baseURL: string, prepared: T) => Promise<void>,
  /** More of the server's environment (an operator token). */
  env: Record<string, string> = {},
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), `mallfront-${name}-`));
  let server: ReturnType<typeof startServe> | undefined;
  try {
    const database = await openDatabase({ dataDir: dir, migrate: true, seed: true });
    let prepared: T;
    try {
      prepared = await prepare(database.db);
    } finally {
      await database.close();
    }
    const port = await freePort();
    const baseURL = `http://127.0.0.1:${port}`;
    server = startServe({ PORT: String(port), DATA_DIR: dir, SITE_URL: baseURL, JOBS: 'off', ...env });
    await server.ready();
    await run(baseURL, prepared);
  } finally {
    server?.child.kill('SIGTERM');
    await server?.exited;
    rmSync(dir, { recursive: true, force: true });
  }
}
