import { describe, it, expect } from 'vitest';
import { cookieValue } from './kept-page.ts';

// The kept-page way out (kept-page.ts) must find the same session as the middleware, which reads Astro's cookies.
describe('the session cookie as the kept-page way out reads it', () => {
  it('is the first value of that name, URL-decoded, without quotes', () => {
    const header = 'locale=CN|CNY|¥; auth._token.local=a%2Bb%3D; auth._token.local=second; other=x';
    expect(cookieValue(header, 'auth._token.local')).toBe('a+b=');
    expect(cookieValue('auth._token.local="quoted"', 'auth._token.local')).toBe('quoted');
    expect(cookieValue('xauth._token.local=1; auth._token.local = spaced ', 'auth._token.local')).toBe('spaced');
  });

  it('keeps a value that does not decode, and finds nothing when the cookie is absent', () => {
    expect(cookieValue('auth._token.local=100%zz', 'auth._token.local')).toBe('100%zz');
    expect(cookieValue('locale=x', 'auth._token.local')).toBeNull();
    expect(cookieValue(null, 'auth._token.local')).toBeNull();
  });
});
