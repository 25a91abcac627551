/**
 * Merchant API tokens for operators, on DATABASE_URL or DATA_DIR like the server (stop the server first when using
 * PGlite: one process per data directory).
 *   npx tsx scripts/merchant-token.ts create <mer_id> [name]   → prints a new token ONCE (only its hash is stored)
 *   npx tsx scripts/merchant-token.ts revoke <token id>        → the token stops working at once
 *   npx tsx scripts/merchant-token.ts list [mer_id]            → ids, merchants, names, last use, revocation
 */
import { openDatabase } from '../src/server/db/client.ts';
import { formatDateTime } from '../src/server/services/dates.ts';
import { createMerchantToken, listMerchantTokens, revokeMerchantToken } from '../src/server/services/merchant-api/tokens.ts';

const USAGE = `usage:
  npx tsx scripts/merchant-token.ts create <mer_id> [name]
  npx tsx scripts/merchant-token.ts revoke <token id>
  npx tsx scripts/merchant-token.ts list [mer_id]`;

const [command, arg, ...rest] = process.argv.slice(2);
const id = (v: string | undefined) => (v && /^[1-9]\d{0,9}$/.test(v) ? Number(v) : null);

if (
  !['create', 'revoke', 'list'].includes(command ?? '') ||
  (command !== 'list' && id(arg) === null) ||
  (command === 'list' && arg && id(arg) === null)
) {
  console.error(USAGE);
  process.exit(2);
}

// Migrated and seeded as the server would open it: the demo only where SEED is not `none`.
const database = await openDatabase();
let code = 0;
try {
  if (command === 'create') {
    try {
      const made = await createMerchantToken(database.db, id(arg)!, rest.join(' '));
      console.log(`token id ${made.id} for merchant ${arg} (shown once, keep it secret):`);
      console.log(made.token);
    } catch (err) {
      console.error((err as Error).message);
      code = 1;
    }
  } else if (command === 'revoke') {
    if (await revokeMerchantToken(database.db, id(arg)!)) console.log(`token ${arg} revoked`);
    else {
      console.error(`no active token with id ${arg}`);
      code = 1;
    }
  } else {
    const rows = await listMerchantTokens(database.db, arg ? id(arg)! : undefined);
    if (!rows.length) console.log('(no tokens)');
    for (const t of rows) {
      const state = t.revoked_at ? `revoked ${formatDateTime(t.revoked_at)}` : 'active';
      const used = t.last_used_at ? `last used ${formatDateTime(t.last_used_at)}` : 'never used';
      console.log(`${t.id}\tmerchant ${t.mer_id} ${t.mer_name}\t${t.name || '-'}\t${state}\t${used}`);
    }
  }
} finally {
  await database.close();
}
process.exit(code);
