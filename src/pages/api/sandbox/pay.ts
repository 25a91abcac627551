import { endpoint, ok } from '../../../server/http/envelope.ts';
import { readObjectBody } from '../_input.ts';
import { answerSandboxTrade, getSandboxTrade, sandboxAnswerInput } from '../../../server/services/payment/sandbox-trade.ts';

/**
 * The sandbox gateway's own API (not the shop's): the page a phone opens from the QR code reads the trade (GET) and
 * confirms or declines it (POST); the gateway then notifies the shop.
 */
export const GET = endpoint(async (ctx, { url }) => ok(await getSandboxTrade(ctx, { t: url.searchParams.get('t') ?? '' })));

export const POST = endpoint(async (ctx, { request }) => {
  const body = await readObjectBody(request, sandboxAnswerInput);
  const { status, message } = await answerSandboxTrade(ctx, body);
  return ok({ status }, message);
});
