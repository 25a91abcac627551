import { endpoint, ok, readQuery } from '../../../../server/http/envelope.ts';
import { listCountryOptions } from '../../../../server/services/locale/list-options.ts';
import { optionsQuery } from '../../../../shared/schemas/common.ts';

export const GET = endpoint(async (ctx, { url }) => ok(await listCountryOptions(ctx, readQuery(url, optionsQuery))));
