import { describe, it, expect, afterEach, vi } from 'vitest';
import type { APIContext } from 'astro';
import { ownOrigins, isSameOrigin } from './session-token.ts';
import { clientIp } from './envelope.ts';

afterEach(() => vi.unstubAllEnvs());

const req = (headers: Record<string, string>) => new Request('http://shop.example/api/user/cart/create', { method: 'POST', headers });
const url = new URL('http://shop.example/api/user/cart/create');

describe('own origins (CSRF)', () => {
  it("behind a TLS terminator (HTTPS=1) the browser's https origin is ours", () => {
    const r = req({ origin: 'https://shop.example' });
    expect(isSameOrigin(r, ownOrigins(r, url))).toBe(false);
    vi.stubEnv('HTTPS', '1');
    expect(isSameOrigin(r, ownOrigins(r, url))).toBe(true);
    expect(isSameOrigin(req({ origin: 'https://evil.example' }), ownOrigins(r, url))).toBe(false);
  });

  it('SITE_URL names the public origin', () => {
    vi.stubEnv('SITE_URL', 'https://mall.example.com/');
    const r = req({ origin: 'https://mall.example.com' });
    expect(isSameOrigin(r, ownOrigins(r, url))).toBe(true);
  });

  it('forwarded proto and host count only behind a trusted proxy', () => {
    const r = req({ origin: 'https://public.example', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'public.example' });
    expect(isSameOrigin(r, ownOrigins(r, url))).toBe(false);
    vi.stubEnv('TRUST_PROXY', '1');
    expect(isSameOrigin(r, ownOrigins(r, url))).toBe(true);
  });

  it('without Origin, a cross-site fetch is refused and a script without browser headers passes', () => {
    expect(isSameOrigin(req({ 'sec-fetch-site': 'cross-site' }), new Set([url.origin]))).toBe(false);
    expect(isSameOrigin(req({}), new Set([url.origin]))).toBe(true);
  });
});

describe('client address', () => {
  const api = (xff: string) => ({ request: req({ 'x-forwarded-for': xff }), clientAddress: '10.0.0.1' }) as unknown as APIContext;

  it('is the socket address unless a proxy is trusted', () => {
    expect(clientIp(api('1.2.3.4'))).toBe('10.0.0.1');
  });

  it('is the entry the trusted proxy appended, whatever the client put before it', () => {
    vi.stubEnv('TRUST_PROXY', '1');
    expect(clientIp(api('6.6.6.6, 198.51.100.9'))).toBe('198.51.100.9');
    expect(clientIp(api('7.7.7.7, 198.51.100.9'))).toBe('198.51.100.9');
    vi.stubEnv('TRUST_PROXY', '2');
    expect(clientIp(api('6.6.6.6, 198.51.100.9, 10.1.1.1'))).toBe('198.51.100.9');
  });
});
