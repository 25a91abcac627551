/**
 * One merchant-API token per demo shop, derived from the merchant id so README can list them and a developer can
 * ship a demo order by hand (`npm run merchant`). They are public: revoke them (`npx tsx scripts/merchant-token.ts
 * revoke <id>`) or start with SEED=none on any database a stranger can reach.
 */
import type { Db } from '../client.ts';
import * as s from '../schema/index.ts';
import { hashToken } from '../../auth/tokens.ts';
import { DEMO_MERCHANTS } from './catalogue-merchants.ts';

export const DEMO_TOKEN_SUFFIX = 'mallfront';

/** The demo token of demo merchant `merId`: `mf_demo_mer_<id>_mallfront`. */
export const demoMerchantToken = (merId: number) => `mf_demo_mer_${merId}_${DEMO_TOKEN_SUFFIX}`;

/** Inserts the demo tokens (by their hash, so a re-run adds nothing and a revoked one stays revoked). */
export async function seedMerchantTokens(db: Db): Promise<void> {
  const rows = Array.from({ length: DEMO_MERCHANTS }, (_, i) => ({
    merId: i + 1,
    tokenHash: hashToken(demoMerchantToken(i + 1)),
    name: '演示令牌',
  }));
  await db.insert(s.merchantToken).values(rows).onConflictDoNothing({ target: s.merchantToken.tokenHash });
}
