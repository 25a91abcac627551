import { z } from 'zod';
import { readBody, readQuery } from '../../server/http/envelope.ts';

// Request helpers of the catalogue endpoints. Files starting with `_` are not routes.

const anyQuery = z.record(z.string(), z.string());

/**
 * The query string as first-value strings. Catalogue services validate their input with the shared zod
 * schemas (src/shared/schemas/catalogue.ts), so endpoints hand them the raw values: parsing here and again
 * in the service would be wasted at best, and wrong for yuan amounts (`price_on=99` would become cents twice).
 */
export function rawQuery(url: URL): Record<string, string | undefined> {
  return readQuery(url, anyQuery);
}

const jsonObject = z.record(z.string(), z.unknown(), { error: '请求格式不正确' });

/**
 * A JSON body checked with `schema` (other body types are refused with 415 by `readBody`). The shared input schemas describe the fields only, so a body
 * that is not an object at all (`"text"`, `[1]`, `3`) is refused here with the contract's Chinese message
 * instead of zod's English one.
 */
export function readObjectBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  // The cast only tells zod the schema accepts any object; the schema still checks every field.
  return readBody(request, jsonObject.pipe(schema as unknown as z.ZodType<z.output<S>, Record<string, unknown>>));
}
