import { describe, it, expect } from 'vitest';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { regionChildren, resolveArea } from './regions.ts';
import { listRegions } from './list-regions.ts';
import { demoAddresses } from '../../db/seed/addresses.ts';
import type { ServiceContext } from '../context.ts';

const ctx = { db: null, user: null } as unknown as ServiceContext;

describe('region data', () => {
  it('lists the provinces under 0 and the children of a code, with their number of children', async () => {
    const provinces = await regionChildren(0);
    expect(provinces).toHaveLength(31);
    expect(provinces[0]).toEqual({ id: 11, name: '北京市', parent_id: 0, level: 1, snum: 1 });
    const districts = await listRegions(ctx, { pid: '4403' });
    expect(districts.find((d) => d.name === '南山区')).toMatchObject({ id: 440305, parent_id: 4403, level: 3 });
    const streets = await regionChildren(440305);
    expect(streets.every((s) => s.level === 4 && s.snum === 0)).toBe(true);
    expect(await listRegions(ctx, { pid: '999999' })).toEqual([]);
    await expect(listRegions(ctx, { pid: 'abc' })).rejects.toMatchObject({ status: 400, message: '地区编号不正确' });
    await expect(listRegions(ctx, { pid: '-1' })).rejects.toMatchObject({ status: 400 });
  });

  it('accepts only a real path down to the street, with the names of the data', async () => {
    expect(await resolveArea([44, 4403, 440305, 440305007])).toEqual({
      ok: true,
      nodes: [
        { id: 44, name: '广东省' },
        { id: 4403, name: '深圳市' },
        { id: 440305, name: '南山区' },
        { id: 440305007, name: '粤海街道' },
      ],
    });
    // A city of another province, a code that does not exist, a province that is not first.
    expect(await resolveArea([44, 3301, 330106, 330106013])).toEqual({ ok: false, reason: 'invalid' });
    expect(await resolveArea([44, 4403, 440399])).toEqual({ ok: false, reason: 'invalid' });
    expect(await resolveArea([4403, 440305, 440305007])).toEqual({ ok: false, reason: 'invalid' });
    expect(await resolveArea([0, 44, 4403, 440305])).toEqual({ ok: false, reason: 'invalid' });
    // The district has streets: the street must be chosen.
    expect(await resolveArea([44, 4403, 440305])).toEqual({ ok: false, reason: 'incomplete' });
    expect(await resolveArea([44, 4403])).toEqual({ ok: false, reason: 'incomplete' });
  });

  it('seeds demo addresses that the checks would accept', async () => {
    for (const a of demoAddresses) {
      expect(parsePhoneNumberFromString(a.phone)?.isValid(), a.phone).toBe(true);
      if (a.country !== 'CN') continue;
      const checked = await resolveArea(a.area!.map((n) => n.id));
      expect(checked).toEqual({ ok: true, nodes: a.area });
      expect([a.province, a.city, a.district, a.street, a.provinceId, a.cityId]).toEqual([
        ...a.area!.map((n) => n.name),
        a.area![0]!.id,
        a.area!.at(-1)!.id,
      ]);
    }
  });
});
