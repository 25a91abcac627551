import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { mallHour } from '../services/dates.ts';
import { createDemoProvider, demoTimeline } from './demo.ts';
import { createHttpLogisticsProvider } from './http.ts';
import { cityOf } from './places.ts';
import { LogisticsError, type TrackQuery } from './provider.ts';

const shippedAt = new Date('2026-03-02T02:15:00Z'); // 10:15 in Beijing
const query: TrackQuery = { code: 'SF', number: 'SF1234567890', phone: '13800001111', shippedAt, from: '杭州市', to: '北京市' };
const later = (hours: number) => new Date(shippedAt.getTime() + hours * 3600_000);
/** The mall-time instant of a timeline's 'YYYY-MM-DD HH:mm:ss'. */
const instant = (t: string) => new Date(`${t.replace(' ', 'T')}+08:00`);

describe('demo tracking provider', () => {
  it('gives the same journey for the same parcel and a different one for another tracking number', () => {
    const a = demoTimeline(query, later(200));
    expect(demoTimeline(query, later(200))).toEqual(a);
    expect(demoTimeline({ ...query, number: 'SF1234567891' }, later(200))).not.toEqual(a);
  });

  it('starts with 揽收 at the origin city when shipped and shows only the steps whose time has come', () => {
    const first = demoTimeline(query, shippedAt);
    expect(first).toEqual([{ time: '2026-03-02 10:15:00', status: expect.stringMatching(/^【杭州市】顺丰速运【杭州.+营业部】已揽收/) }]);
    expect(demoTimeline(query, later(-1))).toEqual([]);
    const some = demoTimeline(query, later(12));
    expect(some.length).toBeGreaterThan(1);
    for (const s of some) expect(instant(s.time).getTime()).toBeLessThanOrEqual(later(12).getTime());
  });

  it('ends 派送中 then 已签收 in the receiver city in daytime, newest first, within four days', () => {
    const all = demoTimeline(query, later(24 * 10));
    const times = all.map((s) => instant(s.time).getTime());
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect(all[0]!.status).toMatch(/^【北京市】您的快件已签收/);
    expect(all[1]!.status).toMatch(/^【北京市】快件派送中，派件员：.师傅/);
    expect(all.some((s) => s.status.includes('快件已到达【北京转运中心】'))).toBe(true);
    for (const s of all.slice(0, 2)) {
      const hour = mallHour(instant(s.time));
      expect(hour).toBeGreaterThanOrEqual(8);
      expect(hour).toBeLessThan(20);
    }
    expect(times[0]! - shippedAt.getTime()).toBeLessThan(4 * 86_400_000);
    expect(all.at(-1)!.status).toContain('已揽收');
  });

  it('passes at most one hub between, and only one on the way (Hangzhou to Shenzhen never goes north)', () => {
    const seen = new Set<string>();
    for (let n = 0; n < 40; n++) {
      const steps = demoTimeline({ ...query, number: `SF12345678${String(n).padStart(2, '0')}`, to: '深圳市' }, later(24 * 10));
      const hubs = steps.flatMap((s) => [...s.status.matchAll(/已到达【(.+?)转运中心】/g)].map((m) => m[1]!));
      expect(hubs[hubs.length - 1]).toBe('杭州');
      expect(hubs[0]).toBe('深圳');
      expect(hubs.length).toBeLessThanOrEqual(3);
      for (const h of hubs.slice(1, -1)) seen.add(h);
    }
    expect(seen.size).toBeGreaterThan(0);
    for (const h of seen) expect(['金华', '南昌']).toContain(h);
  });

  it('passes customs on the way abroad; picks believable cities when the order does not name them', () => {
    const abroad = demoTimeline({ ...query, to: '美国', abroad: true }, later(24 * 10));
    expect(abroad.map((s) => s.status).join('\n')).toMatch(/进口清关[\s\S]*出口清关/);
    expect(abroad[0]!.status).toMatch(/^【美国】您的快件已签收/);
    const anywhere = demoTimeline({ code: 'ZTO', number: 'ZT55667788', phone: '', shippedAt }, later(24 * 10));
    expect(anywhere.at(-1)!.status).toMatch(/^【.+市】中通快递【.+营业部】已揽收/);
  });

  it('reads the clock when asked', async () => {
    let now = shippedAt;
    const provider = createDemoProvider(() => now);
    expect(await provider.track(query)).toHaveLength(1);
    now = later(24 * 10);
    expect((await provider.track(query))[0]!.status).toContain('已签收');
  });
});

describe('city of an address', () => {
  it.each([
    ['浙江省杭州市余杭区文一西路969号', '杭州市'],
    ['上海市浦东新区张江路88号', '上海市'],
    ['北京市 东城区 东华门街道 东华门大街 6 号', '北京市'],
    ['广东省 广州市 天河区 石牌街道 天河路 1 号', '广州市'],
    ['广东省深圳市南山区科技园', '深圳市'],
    ['吉林省延边朝鲜族自治州延吉市', '延边朝鲜族自治州'],
    ['新疆维吾尔自治区乌鲁木齐市天山区', '乌鲁木齐市'],
    ['', ''],
  ])('%s → %s', (address, city) => {
    expect(cityOf(address)).toBe(city);
  });
});

/** A local stand-in for the tracking service: records each request, answers with `reply`. */
function fakeService(reply: (req: IncomingMessage, body: string, res: ServerResponse) => void) {
  const seen: { method?: string; url?: string; headers: IncomingMessage['headers']; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      reply(req, body, res);
    });
  });
  return new Promise<{ server: Server; url: string; seen: typeof seen }>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/track`, seen })),
  );
}

let running: Server | undefined;
afterEach(async () => {
  running?.closeAllConnections();
  await new Promise((r) => running?.close(r) ?? r(null));
  running = undefined;
});

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};

describe('http tracking provider', () => {
  it('POSTs {com, num, phone} as JSON with the key and maps {data: [{time, context}]} newest first', async () => {
    const svc = await fakeService((_req, _body, res) =>
      json(res, 200, {
        message: 'ok',
        state: '0',
        data: [
          { time: '2026-03-02 10:15:00', context: '【杭州市】已揽收', ftime: '2026-03-02 10:15:00' },
          { time: '2026-03-03 08:00:00', context: '【北京市】派送中' },
          { time: '2026-03-02 18:40:00', context: '【杭州市】已发出' },
        ],
      }),
    );
    running = svc.server;
    const provider = createHttpLogisticsProvider({ url: svc.url, key: 'k-123' });
    expect(await provider.track(query)).toEqual([
      { time: '2026-03-03 08:00:00', status: '【北京市】派送中' },
      { time: '2026-03-02 18:40:00', status: '【杭州市】已发出' },
      { time: '2026-03-02 10:15:00', status: '【杭州市】已揽收' },
    ]);
    expect(svc.seen).toHaveLength(1);
    const req = svc.seen[0]!;
    expect(req).toMatchObject({ method: 'POST', url: '/track' });
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers.authorization).toBe('Bearer k-123');
    expect(JSON.parse(req.body)).toEqual({ com: 'SF', num: 'SF1234567890', phone: '13800001111' });
  });

  it('an answer without data is an empty timeline; no key sends no Authorization', async () => {
    const svc = await fakeService((_req, _body, res) => json(res, 200, { message: '查询无结果，请隔段时间再查', returnCode: '500' }));
    running = svc.server;
    expect(await createHttpLogisticsProvider({ url: svc.url }).track(query)).toEqual([]);
    expect(svc.seen[0]!.headers.authorization).toBeUndefined();
  });

  it.each([
    ['an HTTP error', (res: ServerResponse) => json(res, 502, { message: 'bad gateway' }), /HTTP 502/],
    ['something that is not JSON', (res: ServerResponse) => json(res, 200, '<html>'), /not JSON/],
    ['JSON of another shape', (res: ServerResponse) => json(res, 200, { data: 'none' }), /unknown shape/],
  ])('%s fails the query', async (_name, reply, message) => {
    const svc = await fakeService((_req, _body, res) => reply(res));
    running = svc.server;
    await expect(createHttpLogisticsProvider({ url: svc.url }).track(query)).rejects.toThrow(message);
  });

  it('gives up when the service does not answer in time, and when nothing listens', async () => {
    const svc = await fakeService(() => {
      /* never answers */
    });
    running = svc.server;
    const err = await createHttpLogisticsProvider({ url: svc.url, timeoutMs: 300 })
      .track(query)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LogisticsError);
    expect((err as Error).message).toBe('no answer within 300 ms');
    await expect(createHttpLogisticsProvider({ url: 'http://127.0.0.1:9/track' }).track(query)).rejects.toThrow(/unreachable/);
  });
});
