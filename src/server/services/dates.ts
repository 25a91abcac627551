/**
 * Mall time. The mall runs on Beijing time (UTC+8, no daylight saving) whatever the server's time zone, so
 * flash-sale hours and displayed dates are the same on every machine.
 */
export const MALL_UTC_OFFSET_MS = 8 * 3600_000;

/** The current instant; one place so tests can fake the clock (vi.setSystemTime). */
export const now = (): Date => new Date();

/** 'YYYY-MM-DD HH:mm:ss' in mall time, the format the reference API uses; null stays null. */
export function formatDateTime(d: Date | null | undefined): string | null {
  if (!d) return null;
  return new Date(d.getTime() + MALL_UTC_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** 'YYYY-MM-DD' of an instant in mall time. */
export function mallDate(d: Date): string {
  return new Date(d.getTime() + MALL_UTC_OFFSET_MS).toISOString().slice(0, 10);
}

/** Hour of day (0-23) in mall time. */
export function mallHour(d: Date): number {
  return new Date(d.getTime() + MALL_UTC_OFFSET_MS).getUTCHours();
}

/** The instant of `hour`:00 mall time on the mall day of `d` (hour 24 = next midnight). */
export function mallDayAt(d: Date, hour: number): Date {
  const midnight = Date.parse(`${mallDate(d)}T00:00:00+08:00`);
  return new Date(midnight + hour * 3600_000);
}

/** Unix seconds, as the reference's `stop` / `time` fields. */
export const unix = (d: Date) => Math.floor(d.getTime() / 1000);
