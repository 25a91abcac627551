import { getCollection } from 'astro:content';
import { ServiceError } from '../errors.ts';

/**
 * An agreement as the API gives it (`GET /api/agreement/{type}`, reference): `data[type]` is its HTML, with its title
 * and the date it was last changed. The Markdown is src/content/agreements/<type>.md; an unknown type is a 404.
 */
export async function readAgreement(type: string) {
  // Looked up among the collection, not by getEntry, which logs a warning for every unknown name a request makes up.
  const entry = (await getCollection('agreements')).find((e) => e.id === type);
  if (!entry) throw new ServiceError('not_found', '协议不存在');
  return { [type]: entry.rendered?.html ?? '', title: entry.data.title, updated: entry.data.updated.toISOString().slice(0, 10) };
}
