// Starts the built mall for Playwright on a fresh in-memory database, with demo sessions created through
// the service layer (tests never touch ./data). Run through `tsx` by playwright.config.ts.
import { mkdir, writeFile } from 'node:fs/promises';
import { openDatabase, useDatabase } from '../../src/server/db/client.ts';
import { createSession } from '../../src/server/services/session/sessions.ts';
import { startServer } from '../../server/serve.mjs';

const port = Number(process.env.E2E_PORT || 4411);
// SMS codes go to a test outbox (read by tests/e2e/sms.ts), emptied for every run, before the server loads.
process.env.SMS_OUTBOX = 'reports/e2e-sms-outbox.jsonl';
await mkdir('reports', { recursive: true });
await writeFile(process.env.SMS_OUTBOX, '');
const database = await openDatabase({ dataDir: 'memory://', migrate: true, seed: true });
useDatabase(database);
const sessions = {
  member: (await createSession(database.db, 1)).token,
  buyer: (await createSession(database.db, 2)).token,
  // The one demo shopper whose cart browser tests may add to (the member's and buyer's counts are asserted).
  shopper: (await createSession(database.db, 3)).token,
};
await mkdir('reports', { recursive: true });
await writeFile('reports/e2e-sessions.json', JSON.stringify(sessions));
await startServer({ host: '127.0.0.1', port });
