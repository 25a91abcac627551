import { getEntry } from 'astro:content';
import { endpoint, ok } from '../../../server/http/envelope.ts';
import { ServiceError } from '../../../server/services/errors.ts';

/** `GET /api/agreement/{type}` (reference): `data[type]` is the agreement as HTML. */
export const GET = endpoint(async (_ctx, { params }) => {
  const type = params.type ?? '';
  const entry = /^[a-z_]{1,40}$/.test(type) ? await getEntry('agreements', type) : undefined;
  if (!entry) throw new ServiceError('not_found', '协议不存在');
  return ok({ [type]: entry.rendered?.html ?? '', title: entry.data.title, updated: entry.data.updated.toISOString().slice(0, 10) });
});
