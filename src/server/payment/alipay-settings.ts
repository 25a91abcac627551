import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { ConfigError, type config as Config } from '../config.ts';

/**
 * The settings of the Alipay adapter (`PAY_ALIPAY=alipay`), read and checked at start-up without loading the SDK:
 * a missing or unreadable one is a ConfigError naming its variable. Keys are normalised to PEM (PKCS#8 for the
 * app's private key, SPKI for Alipay's public key), whatever form they were given in.
 */
export interface AlipaySettings {
  appId: string;
  /** The app's RSA private key, PKCS#8 PEM. */
  privateKey: string;
  /** Alipay's RSA public key (支付宝公钥), SPKI PEM. */
  alipayPublicKey: string;
  /** `https://openapi.alipay.com/gateway.do`, Alipay's sandbox, or a local test gateway. */
  gateway: string;
}

type Source = Pick<typeof Config, 'alipayAppId' | 'alipayPrivateKey' | 'alipayPublicKey' | 'alipayGateway'>;

const NEEDED = 'PAY_ALIPAY=alipay needs ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY and ALIPAY_PUBLIC_KEY (see README "Payments")';
const FORMS = "PEM text, the bare base64 of Alipay's key tool, or the path of a PEM file";

/**
 * A key as configured: PEM text (a `\n` escape counts as a line break, for one-line environment files), the
 * path of a file holding it, or the bare base64 that Alipay's key tool shows.
 */
function keyText(name: string, value: string): string {
  const text = value.replace(/\\n/g, '\n').trim();
  if (!text) throw new ConfigError(`${name} is not set: ${NEEDED}`);
  if (text.includes('-----BEGIN')) return text;
  if (existsSync(text)) {
    try {
      return readFileSync(text, 'utf8').trim();
    } catch (err) {
      throw new ConfigError(`${name}: cannot read ${text} (${err instanceof Error ? err.message : err})`);
    }
  }
  if (/^[A-Za-z0-9+/=\s]{100,}$/.test(text)) return text.replace(/\s+/g, '');
  throw new ConfigError(`${name}: ${text.length > 80 ? 'the value' : text} is neither a key nor an existing file (${FORMS})`);
}

/** Reads a key with node:crypto: PEM of any type, or DER in base64 (PKCS#8 / SPKI first, then PKCS#1). */
function load(text: string, kind: 'private' | 'public'): KeyObject | null {
  // createPublicKey would also take a private key (and derive its public half): a public key must be one.
  if (kind === 'public' && text.includes('PRIVATE KEY')) return null;
  const der = () => Buffer.from(text, 'base64');
  const attempts: (() => KeyObject)[] = text.includes('-----BEGIN')
    ? [() => (kind === 'private' ? createPrivateKey(text) : createPublicKey(text))]
    : kind === 'private'
      ? [
          () => createPrivateKey({ key: der(), format: 'der', type: 'pkcs8' }),
          () => createPrivateKey({ key: der(), format: 'der', type: 'pkcs1' }),
        ]
      : [
          () => createPublicKey({ key: der(), format: 'der', type: 'spki' }),
          () => createPublicKey({ key: der(), format: 'der', type: 'pkcs1' }),
        ];
  for (const attempt of attempts) {
    try {
      const key = attempt();
      if (key.asymmetricKeyType === 'rsa' && key.type === kind) return key;
    } catch {
      // the next form
    }
  }
  return null;
}

export function readAlipaySettings(c: Source): AlipaySettings {
  const appId = c.alipayAppId.trim();
  if (!appId) throw new ConfigError(`ALIPAY_APP_ID is not set: ${NEEDED}`);
  const priv = load(keyText('ALIPAY_PRIVATE_KEY', c.alipayPrivateKey), 'private');
  if (!priv) throw new ConfigError(`ALIPAY_PRIVATE_KEY is not an RSA private key (${FORMS})`);
  const pub = load(keyText('ALIPAY_PUBLIC_KEY', c.alipayPublicKey), 'public');
  if (!pub) throw new ConfigError(`ALIPAY_PUBLIC_KEY is not an RSA public key (${FORMS})`);
  const spki = (k: KeyObject) => k.export({ type: 'spki', format: 'pem' }).toString();
  const alipayPublicKey = spki(pub);
  if (alipayPublicKey === spki(createPublicKey(priv))) {
    throw new ConfigError("ALIPAY_PUBLIC_KEY is the app's own public key: it must be Alipay's public key (支付宝公钥)");
  }
  let gateway: URL;
  try {
    gateway = new URL(c.alipayGateway);
  } catch {
    throw new ConfigError(`ALIPAY_GATEWAY is not a URL: ${c.alipayGateway}`);
  }
  if (gateway.protocol !== 'https:' && gateway.protocol !== 'http:')
    throw new ConfigError(`ALIPAY_GATEWAY is not an http(s) URL: ${c.alipayGateway}`);
  return {
    appId,
    privateKey: priv.export({ type: 'pkcs8', format: 'pem' }).toString(),
    alipayPublicKey,
    gateway: gateway.toString(),
  };
}
