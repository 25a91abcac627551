import { endpoint, ok } from '../../../server/http/envelope.ts';
import { getAppConfig } from '../../../server/services/site/get-app-config.ts';

/** The feature switches (`yue_pay_status`, `alipay_open`, `svip_switch_status`, ...) of the reference's client. */
export const GET = endpoint(async (ctx) => ok(await getAppConfig(ctx)));
