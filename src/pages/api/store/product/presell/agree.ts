import { endpoint, ok } from '../../../../../server/http/envelope.ts';
import { readAgreement } from '../../../../../server/services/site/agreement.ts';

/** `GET /api/store/product/presell/agree` (reference, checkout): the presale agreement, `data.sys_product_presell_agree`. */
export const GET = endpoint(async () => ok(await readAgreement('sys_product_presell_agree')));
