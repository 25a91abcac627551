import { z } from 'zod';
import { LogisticsError, type LogisticsProvider, type TrackStep } from './provider.ts';

export interface HttpLogisticsOptions {
  /** The tracking service's query URL (`LOGISTICS_URL`). */
  url: string;
  /** Sent as `Authorization: Bearer <key>` when set (`LOGISTICS_KEY`). */
  key?: string;
  /** Injected in tests; the global fetch otherwise. */
  fetch?: typeof fetch;
  /** Give up after this long (default 5 s): the shopper gets an empty timeline with a message, not a hung page. */
  timeoutMs?: number;
}

/** The answer of a Kuaidi100-like tracking service: `data[]` of `{time, context}`, newest first; other fields ignored. */
const answer = z.object({
  data: z.array(z.object({ time: z.string().max(40), context: z.string() })).nullish(),
});

const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/;
const MAX_STEPS = 200;

/**
 * A tracking service over HTTP (`LOGISTICS_PROVIDER=http`): POSTs `{com, num, phone}` as JSON (`com` the company code
 * of `GET /api/common/express`, `num` the tracking number, `phone` the receiver's phone) and reads
 * `{data: [{time, context}]}`. A non-2xx answer, a network error, a timeout or an answer that is not that shape throws
 * a LogisticsError; an answer without `data` (nothing tracked yet) is an empty timeline.
 */
export function createHttpLogisticsProvider(o: HttpLogisticsOptions): LogisticsProvider {
  if (!o.url) throw new Error('LOGISTICS_PROVIDER=http needs LOGISTICS_URL');
  const doFetch = o.fetch ?? fetch;
  const timeoutMs = o.timeoutMs ?? 5000;
  return {
    name: 'http',
    async track(q): Promise<TrackStep[]> {
      const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
      if (o.key) headers.authorization = `Bearer ${o.key}`;
      let res: Response;
      let text: string;
      try {
        res = await doFetch(o.url, {
          method: 'POST',
          headers,
          body: JSON.stringify({ com: q.code, num: q.number, phone: q.phone }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        text = await res.text();
      } catch (err) {
        const e = err as Error;
        throw new LogisticsError(e.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : `unreachable: ${e.message}`);
      }
      if (!res.ok) throw new LogisticsError(`answered HTTP ${res.status}`);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new LogisticsError('answered something that is not JSON');
      }
      const parsed = answer.safeParse(body);
      if (!parsed.success) throw new LogisticsError('answered JSON of an unknown shape');
      const steps = (parsed.data.data ?? [])
        .slice(0, MAX_STEPS)
        .map((d) => ({ time: d.time.trim(), status: d.context.trim().slice(0, 500) }));
      // Newest first, whatever order the service used (its times sort as text when they are in the usual format).
      if (steps.every((s) => TIME.test(s.time))) steps.sort((a, b) => b.time.localeCompare(a.time));
      return steps;
    },
  };
}
