import type { Db } from '../db/client.ts';
import { PAY_TYPE } from '../db/schema/order.ts';
import { config, ConfigError } from '../config.ts';
import { createSandboxProvider, sandboxKey } from './sandbox.ts';
import { readAlipaySettings, type AlipaySettings } from './alipay-settings.ts';
import type { QrMethod, QrPaymentProvider } from './provider.ts';

export type { PaymentNotice, QrMethod, QrPaymentProvider, QrRequest, RefundRequest } from './provider.ts';

/**
 * The gateway behind each QR method, chosen by configuration (README "Payments"): `PAY_WEIXIN` and `PAY_ALIPAY`,
 * each `sandbox` (the default: development and the demo), `off`, or for Alipay `alipay` (the official SDK).
 */
const overrides = new Map<QrMethod, QrPaymentProvider | null>();

const variable = (method: QrMethod) => (method === 'weixinQr' ? 'PAY_WEIXIN' : 'PAY_ALIPAY');

function setting(method: QrMethod): string {
  return process.env[variable(method)] || 'sandbox';
}

let alipaySettings: AlipaySettings | undefined;
let alipay: Promise<QrPaymentProvider> | undefined;

/** What a method's setting asks for, checked: a wrong one is a ConfigError naming the variable. */
function choice(method: QrMethod): { kind: 'off' | 'sandbox' } | { kind: 'alipay'; settings: AlipaySettings } {
  const name = setting(method);
  if (name === 'off' || name === 'sandbox') return { kind: name };
  if (name === 'alipay') {
    if (method !== 'alipayQr') {
      throw new ConfigError(
        `${variable(method)}=alipay: the alipay provider takes only Alipay payments; set ${variable(method)} to sandbox or off`,
      );
    }
    alipaySettings ??= readAlipaySettings(config);
    return { kind: 'alipay', settings: alipaySettings };
  }
  const known = method === 'alipayQr' ? 'sandbox, alipay or off' : 'sandbox or off';
  throw new ConfigError(`${variable(method)}=${name} is not a payment provider: use ${known}`);
}

async function create(db: Db, method: QrMethod): Promise<QrPaymentProvider | null> {
  const chosen = choice(method);
  if (chosen.kind === 'alipay') {
    // The SDK is loaded on first use, so processes without Alipay never load it.
    alipay ??= import('./alipay.ts').then((m) => m.createAlipayProvider(chosen.settings));
    return alipay;
  }
  return chosen.kind === 'sandbox' ? createSandboxProvider(await sandboxKey(db), config.siteUrl) : null;
}

/**
 * Checks the payment settings (called once when the server opens its database): an unknown provider, Alipay's
 * adapter for WeChat, or a missing or unreadable Alipay setting stops the start with a message naming it.
 */
export function checkPaymentSettings(): void {
  for (const method of ['weixinQr', 'alipayQr'] as const) choice(method);
}

/** The provider that takes `method`, or null when the method is switched off. */
export async function getQrProvider(db: Db, method: QrMethod): Promise<QrPaymentProvider | null> {
  if (overrides.has(method)) return overrides.get(method)!;
  return create(db, method);
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

/** The QR method a payment row's `pay_type` records (its own override is tried first by refundProvider). */
const QR_METHOD_OF: Record<number, QrMethod> = { [PAY_TYPE.alipayQr]: 'alipayQr', [PAY_TYPE.weixinQr]: 'weixinQr' };

/**
 * The provider that refunds payment `pay`, made through provider `pay.provider` (the payment row's), whether or not
 * its QR method is switched on now: a refund goes back the way the money came even after the operator turned the
 * method off or moved it to another gateway. A provider installed with `useQrProvider` under that name wins (the
 * method's own override first, tests install failing gateways this way); otherwise the sandbox, or Alipay when its
 * settings are configured. Null when no provider of that name can be built (Alipay without its settings).
 */
export async function refundProvider(db: Db, pay: { provider: string; payType: number }): Promise<QrPaymentProvider | null> {
  const name = pay.provider;
  const method = QR_METHOD_OF[pay.payType];
  const own = method ? overrides.get(method) : undefined;
  if (own?.name === name) return own;
  for (const p of overrides.values()) if (p?.name === name) return p;
  if (name === 'sandbox') return createSandboxProvider(await sandboxKey(db), config.siteUrl);
  if (name === 'alipay') {
    try {
      alipaySettings ??= readAlipaySettings(config);
    } catch (err) {
      if (err instanceof ConfigError) return null;
      throw err;
    }
    const settings = alipaySettings;
    alipay ??= import('./alipay.ts').then((m) => m.createAlipayProvider(settings));
    return alipay;
  }
  return null;
}
