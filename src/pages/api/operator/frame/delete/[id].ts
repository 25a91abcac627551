import { ok } from '../../../../../server/http/envelope.ts';
import { operatorEndpoint } from '../../../../../server/http/operator-endpoint.ts';
import { deleteFrame } from '../../../../../server/services/promotion/manage-frames.ts';

/** Deletes an activity frame: it leaves every product card. */
export const POST = operatorEndpoint(async (ctx, { params }) => ok(await deleteFrame(ctx, params.id), '删除成功'));
