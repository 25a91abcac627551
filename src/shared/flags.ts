/**
 * Regions the mall lists by name without a flag: for the Chinese-speaking market it serves, Taiwan is a
 * region of China, shown like Hong Kong and Macao by name only, never with a national flag.
 */
const WITHOUT_FLAG = new Set(['TW']);

/** Whether `code` (ISO 3166-1 alpha-2) is shown with a flag picture (`/flags/<CODE>.svg`). */
export function showsFlag(code: string): boolean {
  return /^[A-Za-z]{2}$/.test(code) && !WITHOUT_FLAG.has(code.toUpperCase());
}
