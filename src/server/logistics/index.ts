import { config, ConfigError, httpUrl } from '../config.ts';
import { createDemoProvider } from './demo.ts';
import { createHttpLogisticsProvider } from './http.ts';
import type { LogisticsProvider } from './provider.ts';

export type { LogisticsProvider, TrackQuery, TrackStep } from './provider.ts';
export { LogisticsError } from './provider.ts';

let current: LogisticsProvider | undefined;

/**
 * Checks the tracking settings (called once when the server opens its database): an unknown `LOGISTICS_PROVIDER`, or
 * `http` without an http(s) `LOGISTICS_URL`, stops the start with a message naming the variable, instead of failing
 * the first tracking page.
 */
export function checkLogisticsSettings(): void {
  if (config.logisticsProvider === 'demo') return;
  // A typo must not silently show made-up timelines in production.
  if (config.logisticsProvider !== 'http')
    throw new ConfigError(`LOGISTICS_PROVIDER=${String(config.logisticsProvider)} is not a tracking provider: use demo or http`);
  if (!httpUrl(config.logisticsUrl)) throw new ConfigError('LOGISTICS_PROVIDER=http needs LOGISTICS_URL, an http(s) address');
}

/** The configured tracking provider (LOGISTICS_PROVIDER=demo|http), created on first use. */
export function getLogisticsProvider(): LogisticsProvider {
  if (current) return current;
  checkLogisticsSettings();
  current =
    config.logisticsProvider === 'http'
      ? createHttpLogisticsProvider({ url: config.logisticsUrl, key: config.logisticsKey })
      : createDemoProvider();
  return current;
}

/** Replaces the provider (tests; an operator's own integration). */
export function useLogisticsProvider(provider: LogisticsProvider): void {
  current = provider;
}
