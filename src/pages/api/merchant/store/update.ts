import { ok } from '../../../../server/http/envelope.ts';
import { merchantEndpoint } from '../../../../server/http/merchant-endpoint.ts';
import { updateShopSettings } from '../../../../server/services/merchant-api/shop-settings.ts';
import { shopSettingsBody } from '../../../../shared/schemas/merchant-api.ts';
import { readObjectBody } from '../../_input.ts';

/** Changes some of the shop's settings (`mer_info`, `service_phone`, `services_type`, `allow_take`, ...); answers them all. */
export const POST = merchantEndpoint(async (ctx, { request }) =>
  ok(await updateShopSettings(ctx, await readObjectBody(request, shopSettingsBody)), '修改成功'),
);
