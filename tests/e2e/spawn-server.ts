// The built server as a child process, the way an operator runs it (`node server/serve.mjs`), for specs that
// need their own server with other settings than the shared test server.
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';

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
