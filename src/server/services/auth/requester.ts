import { isIPv4, isIPv6 } from 'node:net';
import { parse } from 'bowser';

/** The longest user-agent string kept with a scan-login key (real ones are 100-250 characters). */
export const USER_AGENT_MAX = 300;

/** A request's User-Agent as stored: trimmed, cut to USER_AGENT_MAX, null when absent. */
export function boundedUserAgent(ua: string | null | undefined): string | null {
  const v = ua?.trim();
  return v ? v.slice(0, USER_AGENT_MAX) : null;
}

/** '126.0.2592.87' → '126', '17.5' → '17.5', '128.0' → '128': enough to recognise, no build numbers. */
function shortVersion(v: string | undefined): string {
  const [major, minor] = (v ?? '').split('.');
  if (!major || !/^\d+$/.test(major)) return '';
  return minor && /^\d+$/.test(minor) && minor !== '0' ? `${major}.${minor}` : major;
}

/**
 * Browser and operating system of a user-agent string, for a person to read: `{browser: 'Chrome 126', os:
 * 'Windows 10/11'}`. Parsed by bowser; whatever it cannot name is 未知浏览器 / 未知系统.
 */
export function describeUserAgent(ua: string | null | undefined): { browser: string; os: string } {
  const unknown = { browser: '未知浏览器', os: '未知系统' };
  if (!ua?.trim()) return unknown;
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(ua);
  } catch {
    return unknown;
  }
  const b = parsed.browser;
  const browser = b.name ? [b.name, shortVersion(b.version)].filter(Boolean).join(' ') : unknown.browser;
  const o = parsed.os;
  let os = unknown.os;
  if (o.name === 'Windows') {
    // Windows 11 browsers still say "NT 10.0": the two cannot be told apart from the string.
    os = o.versionName === '10' ? 'Windows 10/11' : ['Windows', o.versionName].filter(Boolean).join(' ');
  } else if (o.name) {
    os = [o.name, shortVersion(o.version)].filter(Boolean).join(' ');
  }
  return { browser, os };
}

/**
 * An address with its host part hidden, enough to recognise a network: '203.0.113.7' → '203.0.113.*',
 * '2001:db8:85a3::8a2e:370:7334' → '2001:db8:85a3:*' (the /48). Anything else is 未知.
 */
export function maskIp(ip: string | null | undefined): string {
  if (!ip) return '未知';
  const v4 = ip.replace(/^::ffff:/i, '');
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.*`;
  if (!isIPv6(ip)) return '未知';
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 3)
    .map((g) => g.replace(/^0+(?=.)/, '').toLowerCase())
    .join(':')}:*`;
}
