import type { Db } from '../db/client.ts';
import { config } from '../config.ts';
import { createSandboxProvider, sandboxKey } from './sandbox.ts';
import type { QrMethod, QrPaymentProvider } from './provider.ts';

export type { PaymentNotice, QrMethod, QrPaymentProvider, QrRequest } from './provider.ts';

/**
 * The gateway behind each QR method, chosen by configuration (README "Payments"): `PAY_WEIXIN` and `PAY_ALIPAY`,
 * each `sandbox` (the default: development and the demo), `off`, or for Alipay `alipay` (the official SDK).
 */
const overrides = new Map<QrMethod, QrPaymentProvider | null>();

function setting(method: QrMethod): string {
  return (method === 'weixinQr' ? process.env.PAY_WEIXIN : process.env.PAY_ALIPAY) || 'sandbox';
}

async function create(db: Db, name: string): Promise<QrPaymentProvider | null> {
  if (name === 'off') return null;
  if (name === 'sandbox') return createSandboxProvider(await sandboxKey(db), config.siteUrl);
  throw new Error(`Unknown payment provider "${name}": use sandbox or off`);
}

/** The provider that takes `method`, or null when the method is switched off. */
export async function getQrProvider(db: Db, method: QrMethod): Promise<QrPaymentProvider | null> {
  if (overrides.has(method)) return overrides.get(method)!;
  return create(db, setting(method));
}

/** The provider whose notifications arrive at `/api/notify/<name>`, if one of the methods uses it. */
export async function providerNamed(db: Db, name: string): Promise<QrPaymentProvider | null> {
  for (const method of ['weixinQr', 'alipayQr'] as const) {
    const p = await getQrProvider(db, method);
    if (p?.name === name) return p;
  }
  return null;
}

/** Which QR methods are on (the payment page's tiles). */
export function enabledQrMethods(): QrMethod[] {
  return (['weixinQr', 'alipayQr'] as const).filter((m) => overrides.get(m) !== null && (overrides.has(m) || setting(m) !== 'off'));
}

/** Replaces the provider of a method (tests; an operator's own integration); null switches it off. */
export function useQrProvider(method: QrMethod, provider: QrPaymentProvider | null): void {
  overrides.set(method, provider);
}

/** Back to the configured providers (tests). */
export function resetQrProviders(): void {
  overrides.clear();
}
