import { get, send } from './api.ts';
import type { AddressDto, ListPage, RegionDto } from '../shared/dto.ts';
import type { AddressInput } from '../shared/schemas/address.ts';

/** The address calls of the API contract (`/api/user/address/*`, the region list), for the address page and checkout. */

const regionCache = new Map<number, Promise<RegionDto[]>>();

/** The regions under `pid` (0: provinces), asked once per page (the answer is also cached by the browser for a day). */
export function regionsUnder(pid: number): Promise<RegionDto[]> {
  let p = regionCache.get(pid);
  if (!p) {
    p = get<RegionDto[]>(`/api/v2/system/city/lst/${pid}`);
    // A failed request is asked again next time.
    p.catch(() => regionCache.delete(pid));
    regionCache.set(pid, p);
  }
  return p;
}

export const addressApi = {
  list: (limit = 50) => get<ListPage<AddressDto>>('/api/user/address/lst', { page: 1, limit }),
  detail: (id: number) => get<AddressDto>(`/api/user/address/detail/${id}`),
  /** Adds (`address_id` 0) or edits; resolves with the saved address and the server's message. */
  save: (body: AddressInput) => send<AddressDto>('POST', '/api/user/address/create', { body }),
  setDefault: (id: number) => send<unknown>('POST', `/api/user/address/update/${id}`),
  remove: (id: number) => send<unknown>('POST', `/api/user/address/delete/${id}`),
};
