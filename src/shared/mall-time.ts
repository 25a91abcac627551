/** A mall time 'YYYY-MM-DD HH:mm:ss' (Beijing time, as the API writes times) as an instant, ms; NaN when it is not one. */
export function mallTimeMs(t: string): number {
  return /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(t) ? Date.parse(`${t.replace(' ', 'T')}+08:00`) : Number.NaN;
}
