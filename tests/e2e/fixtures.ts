import { readFileSync } from 'node:fs';
import { test as base, expect, type BrowserContext } from '@playwright/test';
import { SESSION_COOKIE } from '../../src/shared/cookies.ts';

type Who = 'member' | 'buyer';

/** Demo sessions created by tests/e2e/server.ts through the service layer. */
export function sessionToken(who: Who): string {
  return JSON.parse(readFileSync('reports/e2e-sessions.json', 'utf8'))[who];
}

export async function signIn(context: BrowserContext, baseURL: string, who: Who): Promise<void> {
  await context.addCookies([{ name: SESSION_COOKIE, value: sessionToken(who), url: baseURL, httpOnly: true, sameSite: 'Lax' }]);
}

export const test = base;
export { expect };
