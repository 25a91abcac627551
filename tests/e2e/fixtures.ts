import { readFileSync } from 'node:fs';
import { test as base, expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { SESSION_COOKIE, SIGNED_IN_COOKIE } from '../../src/shared/cookies.ts';

/** `shopper` is the only demo account whose cart tests may change. */
type Who = 'member' | 'buyer' | 'shopper';

/** Demo sessions created by tests/e2e/server.ts through the service layer. */
export function sessionToken(who: Who): string {
  return JSON.parse(readFileSync('reports/e2e-sessions.json', 'utf8'))[who];
}

/** The cookies a sign-in leaves in a browser: the HttpOnly session and the page-readable `signed_in` (session-token.ts). */
export function sessionCookies(token: string, url: string) {
  return [
    { name: SESSION_COOKIE, value: token, url, httpOnly: true, sameSite: 'Lax' as const },
    { name: SIGNED_IN_COOKIE, value: '1', url, sameSite: 'Lax' as const },
  ];
}

export async function signIn(context: BrowserContext, baseURL: string, who: Who): Promise<void> {
  await context.addCookies(sessionCookies(sessionToken(who), baseURL));
}

let sequence = 0;

/**
 * Every test gets its own client address (X-Forwarded-For; the test server trusts the proxy header), so
 * per-IP rate limits and captcha demands of one test never leak into another. Addresses are documentation
 * ranges used as header values only: no traffic is sent to them.
 *
 * A spec whose tests trip a per-address limit other specs would feel (the fuzz specs: past 20 bad merchant tokens
 * every merchant call from the address is refused, a good token too) takes a network of its own with
 * `test.use({ clientNet: '192.0.2' })`: its tests' addresses are then in that /24 only (50 a worker), whatever the
 * other workers run.
 */
export const test = base.extend<{ clientNet: string | null }>({
  clientNet: [null, { option: true }],
  extraHTTPHeaders: async ({ clientNet }, use, testInfo) => {
    sequence++;
    const address = clientNet
      ? `${clientNet}.${(testInfo.workerIndex % 5) * 50 + (sequence % 50) + 1}`
      : `203.0.${113 + (testInfo.workerIndex % 3)}.${(sequence % 250) + 1}`;
    await use({ 'X-Forwarded-For': address });
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

/** How an element is drawn (its text and background colours, border colour, font size, left padding): two alike look alike. */
export function lookOf(el: Locator): Promise<string[]> {
  return el.evaluate((e) =>
    ['color', 'background-color', 'border-top-color', 'font-size', 'padding-left'].map((k) => getComputedStyle(e).getPropertyValue(k)),
  );
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
