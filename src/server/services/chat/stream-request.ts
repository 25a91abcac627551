import { parseMerId } from './desk.ts';
import { ServiceError } from '../errors.ts';

/**
 * The chat's event stream answers only a client that asks for one (`Accept: text/event-stream`, as EventSource does):
 * anything else would wait on a body that never ends, so it gets a 406 with the way to connect.
 */
export function requireEventStream(request: Request): void {
  if (!(request.headers.get('accept') ?? '').includes('text/event-stream')) {
    throw new ServiceError('not_acceptable', '客服消息请以 EventSource 连接（Accept: text/event-stream）');
  }
}

/**
 * Where an event stream starts: EventSource's `Last-Event-ID` on a reconnection, else the client's `?after=`, else
 * null (the newest message). Anything but a whole id is ignored.
 */
export function streamStart(request: Request, url: URL): number | null {
  for (const raw of [request.headers.get('last-event-id'), url.searchParams.get('after')]) {
    if (raw && /^\d{1,10}$/.test(raw.trim())) {
      const n = Number(raw.trim());
      if (n <= 2147483647) return n;
    }
  }
  return null;
}

/** `?mer_id=` of a shopper's stream: one desk's conversation (0 the mall's), or undefined for all of them. */
export function streamDesk(url: URL): number | undefined {
  const raw = url.searchParams.get('mer_id');
  if (raw === null || raw.trim() === '') return undefined;
  return parseMerId(raw);
}
