// `npm start` runs this before it builds: a taken port stops it there, with the server's own message. Otherwise a
// second `npm start` beside a running server rebuilt dist/ under it (its routes not loaded yet then failed) and only
// then found the port taken.
import net from 'node:net';
import { portTakenMessage } from './serve.mjs';

const host = process.env.HOST || '0.0.0.0';
const port = Number(process.env.PORT || 4321);
const probe = net.createServer();
probe.once('error', (err) => {
  console.error(`[mallfront] failed to start: ${err.code === 'EADDRINUSE' ? portTakenMessage(host, port) : err.message}`);
  process.exit(1);
});
probe.listen({ port, host, exclusive: true }, () => probe.close());
