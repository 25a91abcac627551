import type { APIRoute } from 'astro';
import { fail } from '../../server/http/envelope.ts';

/** Unknown API paths answer in the envelope, not with the HTML 404 page. */
export const ALL: APIRoute = () => fail('not_found', '接口不存在');
