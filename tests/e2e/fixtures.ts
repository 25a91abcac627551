import { readFileSync } from 'node:fs';
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { SESSION_COOKIE } from '../../src/shared/cookies.ts';

/** `shopper` is the only demo account whose cart tests may change. */
type Who = 'member' | 'buyer' | 'shopper';

/** Demo sessions created by tests/e2e/server.ts through the service layer. */
export function sessionToken(who: Who): string {
  return JSON.parse(readFileSync('reports/e2e-sessions.json', 'utf8'))[who];
}

export async function signIn(context: BrowserContext, baseURL: string, who: Who): Promise<void> {
  await context.addCookies([{ name: SESSION_COOKIE, value: sessionToken(who), url: baseURL, httpOnly: true, sameSite: 'Lax' }]);
}

let sequence = 0;

/**
 * Every test gets its own client address (X-Forwarded-For; the test server trusts the proxy header), so
 * per-IP rate limits and captcha demands of one test never leak into another. Addresses are documentation
 * ranges used as header values only: no traffic is sent to them.
 */
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a function needs from its first parameter
  extraHTTPHeaders: async ({}, use, testInfo) => {
    sequence++;
    await use({ 'X-Forwarded-For': `203.0.${113 + (testInfo.workerIndex % 3)}.${(sequence % 250) + 1}` });
  },
});
export { expect };

/** Every JSON-LD block of the page, parsed. */
export async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  return (await page.locator('script[type="application/ld+json"]').allTextContents()).map((b) => JSON.parse(b));
}

/**
 * Waits until the page's boot script has run (it marks `<html data-online>` in the same task that wires the
 * `data-action` buttons), so a click on a server-rendered action button is handled, not lost before the script ran.
 */
export async function booted(page: Page): Promise<void> {
  await expect(page.locator('html[data-online]')).toHaveCount(1);
}

/** The script errors and console errors the page reports from now on (the array fills as they come). */
export function scriptErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  return errors;
}

/**
 * Answers the mall's confirmation dialog (client/confirm.ts), a modal `alertdialog` asking `question`: `yes` presses
 * its confirm button, otherwise 取消. Waits until it has closed.
 */
export async function answerConfirm(page: Page, question: string | RegExp, yes = true): Promise<void> {
  const dialog = page.getByRole('alertdialog', { name: question });
  await expect(dialog).toBeVisible();
  await dialog
    .getByRole('button')
    .nth(yes ? 1 : 0)
    .click();
  await expect(dialog).toHaveCount(0);
}
