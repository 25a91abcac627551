import { useEffect, useId, useState } from 'react';
import { regionsUnder } from '../../client/address.ts';
import type { AreaNodeDto, RegionDto } from '../../shared/dto.ts';

const LEVELS = ['省份', '城市', '区/县', '街道/乡镇'] as const;

interface Level {
  pid: number;
  list?: RegionDto[];
}

export interface RegionValue {
  /** The chosen path, province first. */
  nodes: AreaNodeDto[];
  /** The path goes down to a region without children (the street wherever the district has streets). */
  complete: boolean;
}

interface Props {
  value: AreaNodeDto[];
  onChange: (value: RegionValue) => void;
  /** The form's error names this field. */
  invalid?: boolean;
}

/**
 * The mainland region picker of the reference (province, city, district, street), one select per level, each
 * level asked of `GET /api/v2/system/city/lst/{pid}` when the one above is chosen. An address being edited opens
 * with its path and the options of every level.
 */
export function RegionPicker({ value, onChange, invalid }: Props) {
  const id = useId();
  // levels[i]: the choices of level i, the children of region `pid` (value[i - 1]); `list` undefined while loading.
  const [levels, setLevels] = useState<Level[]>([{ pid: 0 }]);
  const [error, setError] = useState('');

  // On mount: the provinces, and the levels under an address's saved path.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the saved path is read once; later choices load their own level
  useEffect(() => {
    let live = true;
    const pids = [0, ...value.map((n) => n.id)];
    Promise.all(pids.map((pid) => regionsUnder(pid)))
      .then((lists) => live && setLevels(lists.map((list, i) => ({ pid: pids[i]!, list })).filter((l, i) => i === 0 || l.list.length > 0)))
      .catch(() => live && setError('地区加载失败，请稍后重试'));
    return () => {
      live = false;
    };
  }, []);

  async function choose(level: number, code: string) {
    const node = levels[level]?.list?.find((r) => String(r.id) === code);
    const nodes = [...value.slice(0, level), ...(node ? [{ id: node.id, name: node.name }] : [])];
    const kept = levels.slice(0, level + 1);
    setLevels(node?.snum ? [...kept, { pid: node.id }] : kept);
    onChange({ nodes, complete: !!node && node.snum === 0 && nodes.length >= 3 });
    if (!node?.snum) return;
    try {
      const list = await regionsUnder(node.id);
      setError('');
      // Only if the shopper has not chosen something else at this level meanwhile.
      setLevels((ls) => ls.map((l, i) => (i === level + 1 && l.pid === node.id ? { ...l, list } : l)));
    } catch {
      setError('地区加载失败，请稍后重试');
    }
  }

  return (
    <div className="region-picker" role="group" aria-labelledby={`${id}-label`} aria-invalid={invalid || undefined}>
      <span id={`${id}-label`} className="sr-only">
        所在地区
      </span>
      {levels.map(({ list }, level) => (
        <select
          // biome-ignore lint/suspicious/noArrayIndexKey: one select per level, the level is its identity
          key={level}
          aria-label={LEVELS[level] ?? `第${level + 1}级地区`}
          value={value[level] ? String(value[level].id) : ''}
          disabled={!list}
          onChange={(e) => void choose(level, e.target.value)}
        >
          <option value="">{list ? `请选择${LEVELS[level] ?? ''}` : '加载中...'}</option>
          {list?.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
      ))}
      {error && (
        <span className="region-picker__error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
