import { send } from './api.ts';

/** Removes product favourites by product id (the reference's favourites page sends `type: 1` with spu ids). */
export function removeFavourites(productIds: number[]): Promise<{ data: { removed: number }; message: string }> {
  return send('POST', '/api/user/relation/batch/delete', { body: { type: 1, type_id: productIds } });
}
