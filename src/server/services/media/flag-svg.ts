import * as flags from 'country-flag-icons/string/3x2';
import { showsFlag } from '../../../shared/flags.ts';

const FLAGS = flags as unknown as Record<string, string>;

/**
 * The 3:2 flag of an ISO country code as SVG (from `country-flag-icons`), or null for a code it has no
 * flag for or a region shown by name only (shared/flags.ts). Windows desktops draw no emoji flags, so
 * pages show these pictures instead.
 */
export function flagSvg(code: string): string | null {
  const upper = code.toUpperCase();
  return showsFlag(upper) && Object.hasOwn(FLAGS, upper) ? FLAGS[upper]! : null;
}
