import { config } from '../config.ts';
import { createDemoProvider } from './demo.ts';
import { createHttpLogisticsProvider } from './http.ts';
import type { LogisticsProvider } from './provider.ts';

export type { LogisticsProvider, TrackQuery, TrackStep } from './provider.ts';
export { LogisticsError } from './provider.ts';

let current: LogisticsProvider | undefined;

/** The configured tracking provider (LOGISTICS_PROVIDER=demo|http), created on first use. */
export function getLogisticsProvider(): LogisticsProvider {
  if (current) return current;
  if (config.logisticsProvider === 'http') {
    current = createHttpLogisticsProvider({ url: config.logisticsUrl, key: config.logisticsKey });
  } else if (config.logisticsProvider === 'demo') {
    current = createDemoProvider();
  } else {
    // A typo must not silently show made-up timelines in production.
    throw new Error(`Unknown LOGISTICS_PROVIDER "${String(config.logisticsProvider)}": use demo or http`);
  }
  return current;
}

/** Replaces the provider (tests; an operator's own integration). */
export function useLogisticsProvider(provider: LogisticsProvider): void {
  current = provider;
}
