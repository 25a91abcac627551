import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { getIntegralInfo } from '../../../../server/services/wallet/get-integral.ts';

/**
 * The shopper's points `{integral, totalGainIntegral, deductionIntegral, lockIntegral, validDays, expireIntegral,
 * expireTime}` (login required).
 */
export const GET = endpoint(async (ctx) => ok(await getIntegralInfo(ctx)));
