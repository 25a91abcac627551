const pad = (n: number) => String(n).padStart(2, '0');

/** A countdown's digits for `left` seconds: HH:MM:SS, with whole days in front from one day on (a presale balance
 * window runs for weeks: "29天 23:41:28", not "719:41:28"). The server renders it, the page's script ticks it. */
export function countdownText(left: number): string {
  const s = Math.max(0, Math.floor(left));
  const days = Math.floor(s / 86_400);
  const hms = `${pad(Math.floor((s % 86_400) / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return days ? `${days}天 ${hms}` : hms;
}
