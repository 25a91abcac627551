import { describe, it, expect } from 'vitest';
import { boundedUserAgent, describeUserAgent, maskIp } from './requester.ts';

describe('describeUserAgent', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
      'Microsoft Edge 126',
      'Windows 10/11',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'Safari 17.5',
      'macOS 10.15',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox 128', 'Linux'],
    [
      'Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.25 Safari/537.36 Core/1.70.3741.400 QQBrowser/10.5.3863.400',
      'QQ Browser 10.5',
      'Windows 7',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.6422.165 Mobile Safari/537.36',
      'Chrome 125',
      'Android 14',
    ],
    ['curl/8.5.0', '未知浏览器', '未知系统'],
    ['', '未知浏览器', '未知系统'],
  ])('%s → %s on %s', (ua, browser, os) => {
    expect(describeUserAgent(ua)).toEqual({ browser, os });
  });

  it('copes with no header at all', () => {
    expect(describeUserAgent(null)).toEqual({ browser: '未知浏览器', os: '未知系统' });
  });
});

describe('boundedUserAgent', () => {
  it('trims, cuts to 300 characters and keeps nothing for a blank header', () => {
    expect(boundedUserAgent('  curl/8  ')).toBe('curl/8');
    expect(boundedUserAgent('a'.repeat(400))).toHaveLength(300);
    expect(boundedUserAgent('   ')).toBeNull();
    expect(boundedUserAgent(null)).toBeNull();
  });
});

describe('maskIp', () => {
  it.each([
    ['203.0.113.7', '203.0.113.*'],
    ['::ffff:198.51.100.23', '198.51.100.*'],
    ['2001:db8:85a3::8a2e:370:7334', '2001:db8:85a3:*'],
    ['2001:0db8:0000:0042:0000:8a2e:0370:7334', '2001:db8:0:*'],
    ['::1', '0:0:0:*'],
    ['unknown', '未知'],
    ['', '未知'],
    [null, '未知'],
  ])('%s → %s', (ip, masked) => {
    expect(maskIp(ip)).toBe(masked);
  });
});
