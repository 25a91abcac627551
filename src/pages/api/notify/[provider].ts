import type { APIRoute } from 'astro';
import { readText } from '../../../server/http/envelope.ts';
import { ServiceError } from '../../../server/services/errors.ts';
import { providerNamed } from '../../../server/payment/index.ts';
import { handleNotification } from '../../../server/services/payment/handle-notification.ts';

/**
 * A payment gateway's asynchronous notification (`/api/notify/sandbox`, `/api/notify/alipay`): a form or JSON as the
 * gateway sends it, answered in the gateway's own words (`success` once recorded), not the JSON envelope.
 */
export const POST: APIRoute = async ({ params, request, locals }) => {
  const provider = await providerNamed(locals.db, params.provider ?? '');
  if (!provider) return new Response('unknown provider', { status: 404 });
  let body: string;
  try {
    body = await readText(request);
  } catch (err) {
    // Too large (413), or bytes that are not UTF-8 (400): nothing is recorded, the gateway retries.
    return new Response('fail', { status: err instanceof ServiceError && err.code === 'too_large' ? 413 : 400 });
  }
  const { ack, result } = await handleNotification(locals.db, provider, body, request.headers.get('content-type') ?? '');
  return new Response(ack, { status: result === 'bad_signature' ? 400 : 200, headers: { 'content-type': 'text/plain; charset=utf-8' } });
};
