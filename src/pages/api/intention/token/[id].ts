import { endpoint, ok } from '../../../../server/http/envelope.ts';
import { takeIntentionToken } from '../../../../server/services/intention/take-token.ts';

/** The approved shop's merchant-API token `{mer_id, token, login_url}`, shown this one time (login required, the applicant's own). */
export const POST = endpoint(async (ctx, { params }) =>
  ok(await takeIntentionToken(ctx, { id: params.id ?? '' }), '请立即保存商户接口令牌，它只显示这一次'),
);
