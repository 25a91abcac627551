import { createHash } from 'node:crypto';
import { findExpress } from '../../shared/express.ts';
import { formatDateTime, mallDayAt, mallHour } from '../services/dates.ts';
import { shortCity } from './places.ts';
import type { LogisticsProvider, TrackQuery, TrackStep } from './provider.ts';

/** Cities a parcel leaves from or goes to when the order does not say. */
const CITIES = ['上海市', '杭州市', '深圳市', '广州市', '北京市', '成都市', '南京市', '苏州市', '武汉市', '西安市', '长沙市', '青岛市'];
/** Sorting hubs a parcel may pass on the way. */
const HUBS = ['武汉市', '郑州市', '南京市', '长沙市', '济南市', '合肥市', '南昌市', '石家庄市', '徐州市', '金华市', '廊坊市'];
/** Rough longitude and latitude of the cities above and other large ones, so a parcel only passes a hub on its way. */
const PLACES: Record<string, [number, number]> = {
  上海市: [121.5, 31.2],
  杭州市: [120.2, 30.3],
  深圳市: [114.1, 22.5],
  广州市: [113.3, 23.1],
  北京市: [116.4, 39.9],
  天津市: [117.2, 39.1],
  重庆市: [106.5, 29.6],
  成都市: [104.1, 30.7],
  南京市: [118.8, 32.1],
  苏州市: [120.6, 31.3],
  武汉市: [114.3, 30.6],
  西安市: [108.9, 34.3],
  长沙市: [113.0, 28.2],
  青岛市: [120.4, 36.1],
  郑州市: [113.6, 34.7],
  济南市: [117.0, 36.7],
  合肥市: [117.3, 31.8],
  南昌市: [115.9, 28.7],
  石家庄市: [114.5, 38.0],
  徐州市: [117.2, 34.3],
  金华市: [119.6, 29.1],
  廊坊市: [116.7, 39.5],
};

/**
 * The hubs a parcel from `from` to `to` may pass: those near the straight way (a detour of at most a quarter). None when
 * either city is not in PLACES: the parcel goes from its city's hub straight to the other's.
 */
function hubsOnTheWay(from: string, to: string): string[] {
  const a = PLACES[from];
  const b = PLACES[to];
  if (!a || !b) return [];
  const dist = (p: [number, number], q: [number, number]) => Math.hypot(p[0] - q[0], p[1] - q[1]);
  const direct = dist(a, b);
  return HUBS.filter((h) => h !== from && h !== to && dist(a, PLACES[h]!) + dist(PLACES[h]!, b) <= direct * 1.25);
}
const AREAS = ['高新区', '开发区', '城东', '城西', '城南', '城北', '中心', '新城'];
const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴', '徐', '孙'];
const SIGNED = ['本人签收', '家门口签收', '快递柜签收', '前台代收', '家人代收'];
const EXPORT_HUB = { city: '上海市', name: '上海国际快件处理中心' };

const HOUR = 3600_000;

/** A small deterministic generator seeded by text (mulberry32 over the first 32 bits of its SHA-256). */
function seeded(seed: string) {
  let a = createHash('sha256').update(seed).digest().readUInt32LE(0);
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
  };
}

/**
 * The demo carrier's timeline of a parcel: the same tracking number and shipping time always give the same
 * journey (揽收 at the origin city when shipped, through its hub and perhaps one on the way, 到达 the receiver's city,
 * 派送中 in daytime hours, 已签收 one to four days after shipping), and only the steps whose time has come by `now`
 * are shown, newest first.
 */
export function demoTimeline(q: TrackQuery, now: Date): TrackStep[] {
  const r = seeded(`${q.code.toUpperCase()}|${q.number.trim()}`);
  const company = findExpress(q.code)?.name ?? '快递公司';
  const from = q.from || r.pick(CITIES);
  const to = q.to || r.pick(CITIES.filter((c) => c !== from));
  const steps: { at: number; status: string }[] = [];
  let t = q.shippedAt.getTime();
  const add = (status: string) => steps.push({ at: t, status });
  // Whole minutes, so times read like a carrier's.
  const wait = (minHours: number, maxHours: number) => {
    t += Math.round(((minHours + r.next() * (maxHours - minHours)) * HOUR) / 60_000) * 60_000;
  };
  /** Couriers deliver between 08:00 and 20:00 mall time. */
  const daytime = () => {
    const hour = mallHour(new Date(t));
    if (hour < 8) t = mallDayAt(new Date(t), 8).getTime() + r.int(0, 90) * 60_000;
    else if (hour >= 20) t = mallDayAt(new Date(t), 24 + 8).getTime() + r.int(0, 90) * 60_000;
  };
  const hub = (city: string) => `${shortCity(city)}转运中心`;
  const travel = (fromCity: string, fromName: string, toCity: string, toName: string, hours: [number, number]) => {
    wait(0.5, 2);
    add(`【${fromCity}】快件已从【${fromName}】发出，下一站【${toName}】`);
    wait(...hours);
    add(`【${toCity}】快件已到达【${toName}】`);
  };

  const courier = `${r.pick(SURNAMES)}师傅`;
  add(`【${from}】${company}【${shortCity(from)}${r.pick(AREAS)}营业部】已揽收，揽件员：${courier}`);
  wait(1.5, 3);
  add(`【${from}】快件已到达【${hub(from)}】`);
  let at = { city: from, name: hub(from) };
  if (q.abroad) {
    travel(at.city, at.name, EXPORT_HUB.city, EXPORT_HUB.name, [4, 10]);
    wait(1, 3);
    add(`【${EXPORT_HUB.city}】快件正在办理出口清关`);
    wait(6, 14);
    add(`【${EXPORT_HUB.city}】快件已完成出口清关，已交航空公司运输`);
    wait(14, 30);
    add(`【${to}】快件已到达目的地，正在办理进口清关`);
    wait(8, 24);
    add(`【${to}】快件已完成进口清关，已交由当地派送网点`);
  } else {
    if (to !== from) {
      // At most one hub between, and only one on the way (Hangzhou to Shenzhen may pass 金华 or 南昌, never 郑州).
      const hubs = hubsOnTheWay(from, to);
      if (hubs.length && r.next() < 0.6) {
        const city = r.pick(hubs);
        travel(at.city, at.name, city, hub(city), [5, 12]);
        at = { city, name: hub(city) };
      }
      travel(at.city, at.name, to, hub(to), [5, 14]);
      at = { city: to, name: hub(to) };
    }
    travel(at.city, at.name, to, `${shortCity(to)}${r.pick(AREAS)}营业部`, [1.5, 4]);
  }
  wait(0.5, 2);
  daytime();
  const deliverer = `${r.pick(SURNAMES)}师傅`;
  add(`【${to}】快件派送中，派件员：${deliverer}，请保持电话畅通`);
  wait(1, 4);
  daytime();
  add(`【${to}】您的快件已签收（${r.pick(SIGNED)}），感谢使用${company}，期待再次为您服务`);

  const until = now.getTime();
  return steps
    .filter((s) => s.at <= until)
    .reverse()
    .map((s) => ({ time: formatDateTime(new Date(s.at))!, status: s.status }));
}

/** The default provider (`LOGISTICS_PROVIDER=demo`): believable timelines without any carrier, for demos and tests. */
export function createDemoProvider(clock: () => Date = () => new Date()): LogisticsProvider {
  return {
    name: 'demo',
    track: async (q) => demoTimeline(q, clock()),
  };
}
