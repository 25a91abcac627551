import type { RegionDto } from '../../../shared/dto.ts';
import { regionQuery, type RegionQuery } from '../../../shared/schemas/address.ts';
import type { ServiceContext } from '../context.ts';
import { parseInput } from '../input.ts';
import { regionChildren } from './regions.ts';

/**
 * `GET /api/v2/system/city/lst/{pid}` (public): the regions under `pid`, 0 for the provinces, as
 * `[{id, name, parent_id, level, snum}]`. An unknown code has no children (an empty list); a malformed one is a 400.
 */
export async function listRegions(_ctx: ServiceContext, input: RegionQuery): Promise<RegionDto[]> {
  const { pid } = parseInput(regionQuery, input);
  return regionChildren(pid);
}
