/** A country's flag as its regional-indicator emoji (spec: the country code is also used for the flag). */
export function flagOf(code: string): string {
  return /^[A-Za-z]{2}$/.test(code) ? code.toUpperCase().replace(/./g, (c) => String.fromCodePoint(127397 + c.charCodeAt(0))) : '';
}
