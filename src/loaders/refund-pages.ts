// Shared pieces of the refund pages' loaders: the query values they all read.
import { parseId } from '../shared/routes.ts';

/** `ids` of a refund page: a csv or repeated `ids=` (the batch page's checkboxes), positive ids only; null when bad. */
export function idsOf(url: URL): number[] | null {
  const raw = url.searchParams
    .getAll('ids')
    .flatMap((v) => v.split(','))
    .filter((s) => s.trim() !== '');
  const ids = raw.map((s) => parseId(s.trim()));
  return ids.some((x) => x === null) ? null : [...new Set(ids as number[])];
}

/** `type` (1 one item, 2 several) or `refund_type` (1 refund only, 2 return and refund): 1 unless 2. */
export const oneOrTwo = (raw: string | null): 1 | 2 => (raw === '2' ? 2 : 1);
