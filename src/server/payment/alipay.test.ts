// The Alipay adapter against a local server that plays Alipay's gateway: it receives the SDK's real signed
// precreate requests, checks them as Alipay does, and answers signed with "Alipay's" key; notifications are signed
// with that key as Alipay signs its asynchronous notifications. Two RSA-2048 key pairs stand for the app's and
// Alipay's (a third, a stranger's, for forgeries).
import { createSign, createVerify, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIContext } from 'astro';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client.ts';
import { payment, paymentNotification, storeGroupOrder, storeOrder } from '../db/schema/index.ts';
import { createTestDatabase } from '../../../tests/helpers/test-db.ts';
import { addLine, newShopper, pickSku, placeOrder } from '../../../tests/helpers/checkout.ts';
import { payOrder } from '../services/payment/pay-order.ts';
import { handleNotification } from '../services/payment/handle-notification.ts';
import { POST as notifyRoute } from '../../pages/api/notify/[provider].ts';
import { createAlipayProvider } from './alipay.ts';
import { readAlipaySettings } from './alipay-settings.ts';
import { checkPaymentSettings, useQrProvider } from './index.ts';
import type { QrPaymentProvider, QrRequest } from './provider.ts';

const APP_ID = '2021000123456789';
const pair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const appKeys = pair();
const alipayKeys = pair();
const strangerKeys = pair();
const pem = (key: KeyObject, type: 'pkcs1' | 'pkcs8' | 'spki') => key.export({ type, format: 'pem' }).toString();
/** What Alipay's key tool shows: the base64 of the DER, no PEM armour. */
const bare = (key: KeyObject, type: 'pkcs8' | 'spki') => (key.export({ type, format: 'der' }) as Buffer).toString('base64');

const FORM = 'application/x-www-form-urlencoded; charset=utf-8';
const PRECREATE_RESPONSE = 'alipay_trade_precreate_response';

/** Seconds since the epoch of a Beijing wall-clock time `yyyy-MM-dd HH:mm:ss`. */
const beijingSeconds = (text: string) => Date.parse(`${text.replace(' ', 'T')}+08:00`) / 1000;

// ---- the gateway Alipay would be ----

type Mode = 'ok' | 'foreign_sign' | 'tampered' | 'refused' | 'error_response' | 'http_error';

interface GatewayCall {
  method: string;
  contentType: string;
  /** Every parameter, from the query string and the form body. */
  params: Record<string, string>;
  biz: Record<string, string>;
  /** The request's signature verified with the app's public key, as Alipay verifies it. */
  signedByApp: boolean;
}

const gateway = { mode: 'ok' as Mode, calls: [] as GatewayCall[], url: '' };
let server: Server;

/** An answer as Alipay writes it: `/` escaped as `\/`, signed over the response object's text exactly as sent. */
function signedAnswer(responseKey: string, body: object, key: KeyObject = alipayKeys.privateKey, tamper?: (json: string) => string) {
  const json = JSON.stringify(body).replaceAll('/', '\\/');
  const sign = createSign('RSA-SHA256').update(json, 'utf8').sign(key, 'base64');
  return `{"${responseKey}":${tamper ? tamper(json) : json},"sign":"${sign}"}`;
}

function answerPrecreate(call: GatewayCall): { status: number; text: string } {
  if (call.params.app_id !== APP_ID) {
    return {
      status: 200,
      text: signedAnswer('error_response', {
        code: '40002',
        msg: 'Invalid Arguments',
        sub_code: 'isv.invalid-app-id',
        sub_msg: '无效的AppID参数',
      }),
    };
  }
  if (!call.signedByApp) {
    const refused = { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: '验签出错' };
    return { status: 200, text: signedAnswer(PRECREATE_RESPONSE, refused) };
  }
  const ok = {
    code: '10000',
    msg: 'Success',
    out_trade_no: call.biz.out_trade_no,
    qr_code: `https://qr.alipay.com/bax0${gateway.calls.length}7hw2mvr9j3qzsc6003d`,
  };
  switch (gateway.mode) {
    case 'ok':
      return { status: 200, text: signedAnswer(PRECREATE_RESPONSE, ok) };
    case 'foreign_sign':
      return { status: 200, text: signedAnswer(PRECREATE_RESPONSE, ok, strangerKeys.privateKey) };
    case 'tampered':
      return { status: 200, text: signedAnswer(PRECREATE_RESPONSE, ok, alipayKeys.privateKey, (j) => j.replace('bax0', 'evil')) };
    case 'refused':
      return {
        status: 200,
        text: signedAnswer(PRECREATE_RESPONSE, {
          code: '40004',
          msg: 'Business Failed',
          sub_code: 'ACQ.TRADE_HAS_SUCCESS',
          sub_msg: '交易已被支付',
        }),
      };
    case 'error_response':
      return {
        status: 200,
        text: signedAnswer('error_response', {
          code: '40002',
          msg: 'Invalid Arguments',
          sub_code: 'isv.invalid-app-id',
          sub_msg: '无效的AppID参数',
        }),
      };
    case 'http_error':
      return { status: 502, text: '<html>Bad Gateway</html>' };
  }
}

const REFUND_RESPONSE = 'alipay_trade_refund_response';

/** Alipay's answer to `alipay.trade.refund`: the refund (fund_change Y), or a refusal when the mode says so. */
function answerRefund(call: GatewayCall): { status: number; text: string } {
  if (!call.signedByApp) {
    const refused = { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: '验签出错' };
    return { status: 200, text: signedAnswer(REFUND_RESPONSE, refused) };
  }
  if (gateway.mode === 'refused') {
    return {
      status: 200,
      text: signedAnswer(REFUND_RESPONSE, {
        code: '40004',
        msg: 'Business Failed',
        sub_code: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL',
        sub_msg: '退款金额超限',
      }),
    };
  }
  const ok = {
    code: '10000',
    msg: 'Success',
    trade_no: call.biz.trade_no || '2026112522001446871401234567',
    out_trade_no: call.biz.out_trade_no,
    refund_fee: call.biz.refund_amount,
    fund_change: 'Y',
  };
  const key = gateway.mode === 'foreign_sign' ? strangerKeys.privateKey : alipayKeys.privateKey;
  return { status: 200, text: signedAnswer(REFUND_RESPONSE, ok, key) };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://gateway');
      const params = { ...Object.fromEntries(url.searchParams), ...Object.fromEntries(new URLSearchParams(raw)) };
      // Alipay's check of a request: every parameter but `sign`, sorted by name, `k=v` joined by `&`, RSA-SHA256.
      const content = Object.keys(params)
        .filter((k) => k !== 'sign')
        .sort()
        .map((k) => `${k}=${params[k]}`)
        .join('&');
      const signedByApp = createVerify('RSA-SHA256')
        .update(content, 'utf8')
        .verify(appKeys.publicKey, params.sign ?? '', 'base64');
      let biz: Record<string, string> = {};
      try {
        biz = JSON.parse(params.biz_content ?? '{}');
      } catch {
        biz = {};
      }
      const call: GatewayCall = { method: req.method ?? '', contentType: req.headers['content-type'] ?? '', params, biz, signedByApp };
      gateway.calls.push(call);
      const { status, text } = call.params.method === 'alipay.trade.refund' ? answerRefund(call) : answerPrecreate(call);
      res.writeHead(status, { 'content-type': 'text/html;charset=utf-8' });
      res.end(text);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  gateway.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/gateway.do`;
});

afterAll(async () => {
  server.close();
  await once(server, 'close');
});

afterEach(() => {
  gateway.mode = 'ok';
  vi.unstubAllEnvs();
});

/** The adapter's settings as the environment would give them, pointed at the local gateway. */
function settingsSource() {
  return {
    alipayAppId: APP_ID,
    alipayPrivateKey: pem(appKeys.privateKey, 'pkcs1'),
    alipayPublicKey: pem(alipayKeys.publicKey, 'spki'),
    alipayGateway: gateway.url,
  };
}

const settings = () => readAlipaySettings(settingsSource());

function qrRequest(over: Partial<QrRequest> = {}): QrRequest {
  return {
    method: 'alipayQr',
    outTradeNo: `pay${Date.now()}${Math.floor(Math.random() * 1e6)}`,
    amount: 12345,
    title: '商城订单 wx1234567890',
    notifyUrl: 'https://mall.example.com/api/notify/alipay',
    expiresAt: new Date(Date.now() + 180_000),
    ...over,
  };
}

// ---- notifications as Alipay sends them ----

/**
 * Alipay's asynchronous notification of a trade, a UTF-8 form: signed over every field but `sign` and
 * `sign_type`, sorted by name, `k=v` joined by `&` with the values as they are before form encoding.
 */
function notification(fields: Record<string, string>, key: KeyObject = alipayKeys.privateKey): string {
  const all: Record<string, string> = {
    gmt_create: '2026-11-25 10:20:01',
    charset: 'utf-8',
    seller_email: 'mall@example.com',
    subject: '商城订单 wx1234567890',
    sign_type: 'RSA2',
    buyer_id: '2088102177846875',
    invoice_amount: fields.total_amount ?? '0.00',
    notify_id: '2026112500222102005046871491264321',
    fund_bill_list: `[{"amount":"${fields.total_amount ?? '0.00'}","fundChannel":"ALIPAYACCOUNT"}]`,
    notify_type: 'trade_status_sync',
    trade_status: 'TRADE_SUCCESS',
    receipt_amount: fields.total_amount ?? '0.00',
    app_id: APP_ID,
    buyer_pay_amount: fields.total_amount ?? '0.00',
    seller_id: '2088102176043235',
    gmt_payment: '2026-11-25 10:20:09',
    notify_time: '2026-11-25 10:20:10',
    version: '1.0',
    trade_no: '2026112522001446871401234567',
    auth_app_id: APP_ID,
    buyer_logon_id: '159****5620',
    point_amount: '0.00',
    ...fields,
  };
  const content = Object.keys(all)
    .filter((k) => k !== 'sign' && k !== 'sign_type')
    .sort()
    .map((k) => `${k}=${all[k]}`)
    .join('&');
  const sign = createSign('RSA-SHA256').update(content, 'utf8').sign(key, 'base64');
  return new URLSearchParams({ ...all, sign }).toString();
}

function tamper(body: string, field: string, value: string): string {
  const form = new URLSearchParams(body);
  form.set(field, value);
  return form.toString();
}

// ---- tests ----

describe('Alipay settings', () => {
  it('takes each key as PEM text, a PEM file, PKCS#1 or PKCS#8, one line with \\n, or the bare base64 of the key tool', () => {
    const dir = mkdtempSync(join(tmpdir(), 'alipay-keys-'));
    try {
      const file = join(dir, 'app-private.pem');
      writeFileSync(file, pem(appKeys.privateKey, 'pkcs8'));
      const base = settings();
      const forms = [
        { alipayPrivateKey: file, alipayPublicKey: bare(alipayKeys.publicKey, 'spki') },
        { alipayPrivateKey: bare(appKeys.privateKey, 'pkcs8'), alipayPublicKey: pem(alipayKeys.publicKey, 'spki').replaceAll('\n', '\\n') },
        { alipayPrivateKey: pem(appKeys.privateKey, 'pkcs8').replaceAll('\n', '\\n'), alipayPublicKey: pem(alipayKeys.publicKey, 'pkcs1') },
      ];
      for (const f of forms) {
        const s = readAlipaySettings({ alipayAppId: APP_ID, alipayGateway: gateway.url, ...f });
        expect(s).toEqual(base);
      }
      expect(base.privateKey).toMatch(/^-----BEGIN PRIVATE KEY-----/);
      expect(base.alipayPublicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a missing or wrong setting stops the start with a message naming it', () => {
    const good = {
      alipayAppId: APP_ID,
      alipayPrivateKey: pem(appKeys.privateKey, 'pkcs8'),
      alipayPublicKey: pem(alipayKeys.publicKey, 'spki'),
      alipayGateway: 'https://openapi.alipay.com/gateway.do',
    };
    const cases: [Partial<typeof good>, RegExp][] = [
      [{ alipayAppId: '' }, /^ALIPAY_APP_ID is not set/],
      [{ alipayPrivateKey: '' }, /^ALIPAY_PRIVATE_KEY is not set/],
      [{ alipayPublicKey: ' ' }, /^ALIPAY_PUBLIC_KEY is not set/],
      [{ alipayPrivateKey: pem(appKeys.publicKey, 'spki') }, /^ALIPAY_PRIVATE_KEY is not an RSA private key/],
      [
        { alipayPrivateKey: '/etc/mallfront/no-such-key.pem' },
        /^ALIPAY_PRIVATE_KEY: \/etc\/mallfront\/no-such-key.pem is neither a key nor an existing file/,
      ],
      [{ alipayPublicKey: pem(alipayKeys.privateKey, 'pkcs8') }, /^ALIPAY_PUBLIC_KEY is not an RSA public key/],
      [{ alipayPublicKey: pem(appKeys.publicKey, 'spki') }, /^ALIPAY_PUBLIC_KEY is the app's own public key/],
      [{ alipayGateway: 'openapi.alipay.com' }, /^ALIPAY_GATEWAY is not a URL/],
    ];
    expect(readAlipaySettings(good).appId).toBe(APP_ID);
    for (const [change, message] of cases) {
      expect(() => readAlipaySettings({ ...good, ...change })).toThrow(message);
    }
  });

  it('PAY_ALIPAY=alipay without its settings, PAY_WEIXIN=alipay or an unknown provider is a start-up error', () => {
    vi.stubEnv('ALIPAY_APP_ID', '');
    vi.stubEnv('PAY_ALIPAY', 'alipay');
    expect(() => checkPaymentSettings()).toThrow(/^ALIPAY_APP_ID is not set: PAY_ALIPAY=alipay needs/);
    vi.stubEnv('PAY_ALIPAY', 'sandbox');
    vi.stubEnv('PAY_WEIXIN', 'alipay');
    expect(() => checkPaymentSettings()).toThrow('PAY_WEIXIN=alipay: the alipay provider takes only Alipay payments');
    vi.stubEnv('PAY_WEIXIN', 'off');
    vi.stubEnv('PAY_ALIPAY', 'paypal');
    expect(() => checkPaymentSettings()).toThrow('PAY_ALIPAY=paypal is not a payment provider: use sandbox, alipay or off');
    vi.stubEnv('PAY_ALIPAY', 'off');
    expect(() => checkPaymentSettings()).not.toThrow();
  });

  it('configured from the environment, PAY_ALIPAY=alipay pays alipayQr through the SDK and takes /api/notify/alipay', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'alipay-keys-'));
    try {
      writeFileSync(join(dir, 'app.pem'), pem(appKeys.privateKey, 'pkcs1'));
      vi.stubEnv('PAY_ALIPAY', 'alipay');
      vi.stubEnv('PAY_WEIXIN', 'off');
      vi.stubEnv('ALIPAY_APP_ID', APP_ID);
      vi.stubEnv('ALIPAY_PRIVATE_KEY', join(dir, 'app.pem'));
      vi.stubEnv('ALIPAY_PUBLIC_KEY', pem(alipayKeys.publicKey, 'spki'));
      vi.stubEnv('ALIPAY_GATEWAY', gateway.url);
      vi.resetModules();
      const registry = await import('./index.ts');
      expect(() => registry.checkPaymentSettings()).not.toThrow();
      expect(registry.enabledQrMethods()).toEqual(['alipayQr']);
      const d = await createTestDatabase();
      const provider = await registry.getQrProvider(d.db, 'alipayQr');
      expect(provider?.name).toBe('alipay');
      expect(await registry.getQrProvider(d.db, 'alipayQr')).toBe(provider);
      expect(await registry.providerNamed(d.db, 'alipay')).toBe(provider);
      expect(await registry.getQrProvider(d.db, 'weixinQr')).toBeNull();
      const req = qrRequest();
      expect((await provider!.createQr(req)).codeUrl).toMatch(/^https:\/\/qr\.alipay\.com\//);
      expect(gateway.calls.at(-1)).toMatchObject({ signedByApp: true, params: { app_id: APP_ID }, biz: { out_trade_no: req.outTradeNo } });
    } finally {
      vi.resetModules();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('createQr: alipay.trade.precreate', () => {
  it("sends a precreate signed by the app and returns Alipay's qr_code", async () => {
    const provider = createAlipayProvider(settings());
    const req = qrRequest();
    const before = Math.floor(Date.now() / 1000);
    const { codeUrl } = await provider.createQr(req);
    const after = Math.ceil(Date.now() / 1000);
    const call = gateway.calls.at(-1)!;
    expect(call.signedByApp).toBe(true);
    expect(call.method).toBe('POST');
    expect(call.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(call.params).toMatchObject({
      method: 'alipay.trade.precreate',
      app_id: APP_ID,
      sign_type: 'RSA2',
      charset: 'utf-8',
      version: '1.0',
      notify_url: 'https://mall.example.com/api/notify/alipay',
    });
    // Alipay reads the timestamp as Beijing time, whatever the server's time zone.
    const sent = beijingSeconds(call.params.timestamp!);
    expect(sent).toBeGreaterThanOrEqual(before);
    expect(sent).toBeLessThanOrEqual(after);
    expect(call.biz).toMatchObject({
      out_trade_no: req.outTradeNo,
      total_amount: '123.45',
      subject: '商城订单 wx1234567890',
      timeout_express: '3m',
    });
    expect(beijingSeconds(call.biz.time_expire!)).toBe(Math.floor(req.expiresAt.getTime() / 1000));
    expect(codeUrl).toBe(`https://qr.alipay.com/bax0${gateway.calls.length}7hw2mvr9j3qzsc6003d`);
  });

  it('amounts are yuan with two decimals', async () => {
    const provider = createAlipayProvider(settings());
    for (const [cents, yuan] of [
      [1, '0.01'],
      [100, '1.00'],
      [1999990, '19999.90'],
    ] as const) {
      await provider.createQr(qrRequest({ amount: cents }));
      expect(gateway.calls.at(-1)!.biz.total_amount).toBe(yuan);
    }
  });

  it('an answer not signed by Alipay, or changed after signing, is refused', async () => {
    const provider = createAlipayProvider(settings());
    gateway.mode = 'foreign_sign';
    await expect(provider.createQr(qrRequest())).rejects.toThrow('支付宝预下单失败：支付宝应答的签名无效');
    gateway.mode = 'tampered';
    await expect(provider.createQr(qrRequest())).rejects.toThrow('支付宝预下单失败：支付宝应答的签名无效');
  });

  it("code 40004 throws with Alipay's sub_msg", async () => {
    gateway.mode = 'refused';
    await expect(createAlipayProvider(settings()).createQr(qrRequest())).rejects.toThrow(
      '支付宝预下单失败：交易已被支付（ACQ.TRADE_HAS_SUCCESS）',
    );
  });

  it('a request the app did not sign as Alipay expects is refused by the gateway, and that reaches the operator', async () => {
    const wrong = readAlipaySettings({ ...settingsSource(), alipayPrivateKey: pem(strangerKeys.privateKey, 'pkcs8') });
    await expect(createAlipayProvider(wrong).createQr(qrRequest())).rejects.toThrow('支付宝预下单失败：验签出错（isv.invalid-signature）');
    expect(gateway.calls.at(-1)!.signedByApp).toBe(false);
  });

  it('an error_response (another app id) throws, saying what it claims and that it was not verified', async () => {
    const other = readAlipaySettings({ ...settingsSource(), alipayAppId: '2021000000000000' });
    await expect(createAlipayProvider(other).createQr(qrRequest())).rejects.toThrow(
      '支付宝预下单失败：支付宝拒绝了请求（应答未通过验签）：无效的AppID参数（isv.invalid-app-id）',
    );
  });

  it('an HTTP error or an unreachable gateway throws', async () => {
    gateway.mode = 'http_error';
    await expect(createAlipayProvider(settings()).createQr(qrRequest())).rejects.toThrow(/^支付宝预下单失败：HTTP 请求错误, status: 502/);
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as AddressInfo).port;
    closed.close();
    await once(closed, 'close');
    const gone = readAlipaySettings({ ...settingsSource(), alipayGateway: `http://127.0.0.1:${port}/gateway.do` });
    await expect(createAlipayProvider(gone).createQr(qrRequest())).rejects.toThrow(/^支付宝预下单失败：HttpClient Request error/);
  });
});

describe('refund: alipay.trade.refund', () => {
  const refundRequest = () => ({
    outTradeNo: 'pay20261125102001123456',
    providerTradeNo: '2026112522001446871401234567',
    refundNo: 'rf1795570095293ce388c69',
    amount: 4567,
    tradeAmount: 12345,
    reason: '不想要了',
  });

  it('sends a refund signed by the app with our refund number as out_request_no and yuan amounts', async () => {
    const req = refundRequest();
    const res = await createAlipayProvider(settings()).refund(req);
    const call = gateway.calls.at(-1)!;
    expect(call.signedByApp).toBe(true);
    expect(call.params).toMatchObject({ method: 'alipay.trade.refund', app_id: APP_ID, sign_type: 'RSA2', charset: 'utf-8' });
    expect(call.biz).toEqual({
      out_trade_no: req.outTradeNo,
      trade_no: req.providerTradeNo,
      refund_amount: '45.67',
      refund_reason: '不想要了',
      out_request_no: req.refundNo,
    });
    expect(res.providerRefundNo).toBe(`${req.providerTradeNo}:${req.refundNo}`);
  });

  it('asked again with the same refund number, Alipay gets the same out_request_no and the same answer', async () => {
    const provider = createAlipayProvider(settings());
    const a = await provider.refund(refundRequest());
    const b = await provider.refund(refundRequest());
    expect(b).toEqual(a);
    expect(gateway.calls.at(-1)!.biz.out_request_no).toBe(gateway.calls.at(-2)!.biz.out_request_no);
  });

  it("code 40004 throws with Alipay's sub_msg", async () => {
    gateway.mode = 'refused';
    await expect(createAlipayProvider(settings()).refund(refundRequest())).rejects.toThrow(
      '支付宝退款失败：退款金额超限（ACQ.REFUND_AMT_NOT_EQUAL_TOTAL）',
    );
  });

  it('an answer not signed by Alipay, or a request the app did not sign as Alipay expects, throws', async () => {
    gateway.mode = 'foreign_sign';
    await expect(createAlipayProvider(settings()).refund(refundRequest())).rejects.toThrow('支付宝退款失败');
    gateway.mode = 'ok';
    const wrong = readAlipaySettings({ ...settingsSource(), alipayPrivateKey: pem(strangerKeys.privateKey, 'pkcs8') });
    await expect(createAlipayProvider(wrong).refund(refundRequest())).rejects.toThrow('支付宝退款失败：验签出错（isv.invalid-signature）');
  });
});

describe('parseNotification', () => {
  const provider = () => createAlipayProvider(settings());

  it('reads a notification signed by Alipay: paid or closed, yuan to cents, CNY, Alipay’s trade number', async () => {
    const p = provider();
    expect(await p.parseNotification(notification({ out_trade_no: 'pay1', total_amount: '88.50' }), FORM)).toEqual({
      outTradeNo: 'pay1',
      providerTradeNo: '2026112522001446871401234567',
      amount: 8850,
      currency: 'CNY',
      status: 'paid',
      reason: undefined,
    });
    expect(
      await p.parseNotification(notification({ out_trade_no: 'pay1', total_amount: '88.5', trade_status: 'TRADE_FINISHED' }), FORM),
    ).toMatchObject({
      status: 'paid',
      amount: 8850,
    });
    expect(
      await p.parseNotification(notification({ out_trade_no: 'pay2', total_amount: '1.00', trade_status: 'TRADE_CLOSED' }), FORM),
    ).toMatchObject({
      outTradeNo: 'pay2',
      status: 'failed',
      reason: '支付宝交易已关闭',
    });
    expect(p.ack).toBe('success');
  });

  it('refuses (null) a forged, tampered, foreign or unreadable notification', async () => {
    const p = provider();
    const good = notification({ out_trade_no: 'pay3', total_amount: '10.00' });
    const refused = [
      ['signed with another key', notification({ out_trade_no: 'pay3', total_amount: '10.00' }, strangerKeys.privateKey)],
      ['amount changed', tamper(good, 'total_amount', '0.01')],
      ['trade changed', tamper(good, 'out_trade_no', 'pay4')],
      [
        'status changed',
        tamper(
          notification({ out_trade_no: 'pay3', total_amount: '10.00', trade_status: 'TRADE_CLOSED' }),
          'trade_status',
          'TRADE_SUCCESS',
        ),
      ],
      ['no signature', tamper(good, 'sign', '')],
      ['RSA (SHA-1) asked for', tamper(good, 'sign_type', 'RSA')],
      ['another app of ours', notification({ out_trade_no: 'pay3', total_amount: '10.00', app_id: '2021000000000000' })],
      ['not an outcome', notification({ out_trade_no: 'pay3', total_amount: '10.00', trade_status: 'WAIT_BUYER_PAY' })],
      ['not an amount', notification({ out_trade_no: 'pay3', total_amount: '10.005' })],
      ['not a form', '{"out_trade_no":"pay3"}'],
      ['empty', ''],
    ] as const;
    expect(await p.parseNotification(good, FORM)).not.toBeNull();
    for (const [why, body] of refused) {
      expect(await p.parseNotification(body, FORM), why).toBeNull();
    }
  });
});

describe('with a real order', () => {
  let d: Database;
  let provider: QrPaymentProvider;

  beforeAll(async () => {
    d = await createTestDatabase();
    provider = createAlipayProvider(settings());
    useQrProvider('alipayQr', provider);
  });

  afterAll(() => {
    useQrProvider('alipayQr', null);
  });

  async function alipayOrder() {
    const s = await newShopper(d);
    const sku = await pickSku(d);
    const { order } = await placeOrder(s, [await addLine(s, sku, 2)]);
    const res = await payOrder(s, { id: order.order_id, type: 'alipayQr' });
    if (res.status !== 'alipayQr') throw new Error('expected a QR answer');
    return { s, id: order.order_id, res, payPrice: order.pay_price };
  }

  const paymentOf = async (outTradeNo: string) => (await d.db.select().from(payment).where(eq(payment.outTradeNo, outTradeNo)))[0]!;
  const groupOf = async (id: number) => (await d.db.select().from(storeGroupOrder).where(eq(storeGroupOrder.groupOrderId, id)))[0]!;

  it("payOrder(alipayQr) hands out Alipay's QR code for the order's amount", async () => {
    const { id, res, payPrice } = await alipayOrder();
    const call = gateway.calls.at(-1)!;
    expect(call.signedByApp).toBe(true);
    expect(call.biz).toMatchObject({ out_trade_no: res.result.out_trade_no, total_amount: payPrice });
    expect(call.params.notify_url).toMatch(/\/api\/notify\/alipay$/);
    expect(res.result).toMatchObject({
      order_id: id,
      pay_price: payPrice,
      config: expect.stringMatching(/^https:\/\/qr\.alipay\.com\/bax0/),
    });
    expect(await paymentOf(res.result.out_trade_no)).toMatchObject({
      provider: 'alipay',
      payType: 5,
      status: 'pending',
      codeUrl: res.result.config,
    });
  });

  it('the notification pays the order once: three at the same moment give one paid and two duplicates', async () => {
    const { id, res } = await alipayOrder();
    const body = notification({ out_trade_no: res.result.out_trade_no, total_amount: res.result.pay_price });
    const results = await Promise.all([1, 2, 3].map(() => handleNotification(d.db, provider, body, FORM)));
    expect(results.map((r) => r.result).sort()).toEqual(['duplicate', 'duplicate', 'paid']);
    expect(results.every((r) => r.ack === 'success')).toBe(true);
    expect(await groupOf(id)).toMatchObject({ paid: true, payType: 5 });
    const orders = await d.db.select().from(storeOrder).where(eq(storeOrder.groupOrderId, id));
    expect(orders.length).toBeGreaterThan(0);
    expect(orders.every((o) => o.paid && o.status === 0)).toBe(true);
    expect(await paymentOf(res.result.out_trade_no)).toMatchObject({ status: 'paid', providerTradeNo: '2026112522001446871401234567' });
    const recorded = await d.db
      .select()
      .from(paymentNotification)
      .where(and(eq(paymentNotification.outTradeNo, res.result.out_trade_no), eq(paymentNotification.verified, 1)));
    expect(recorded).toHaveLength(3);
  });

  it('a tampered amount, a wrong key or another app is bad_signature and changes nothing', async () => {
    const { id, res } = await alipayOrder();
    const fields = { out_trade_no: res.result.out_trade_no, total_amount: res.result.pay_price };
    const bodies = [
      tamper(notification(fields), 'total_amount', '0.01'),
      notification(fields, strangerKeys.privateKey),
      notification({ ...fields, app_id: '2021000000000000' }),
    ];
    for (const body of bodies) {
      expect(await handleNotification(d.db, provider, body, FORM)).toEqual({ result: 'bad_signature', ack: 'fail' });
    }
    expect((await groupOf(id)).paid).toBe(false);
    expect((await paymentOf(res.result.out_trade_no)).status).toBe('pending');
  });

  it('POST /api/notify/alipay answers Alipay "success" once recorded, and 400 "fail" to a forgery', async () => {
    const { id, res } = await alipayOrder();
    const fields = { out_trade_no: res.result.out_trade_no, total_amount: res.result.pay_price };
    const post = async (body: string) => {
      const request = new Request('http://mall.test/api/notify/alipay', { method: 'POST', headers: { 'content-type': FORM }, body });
      const answer = await notifyRoute({ params: { provider: 'alipay' }, request, locals: { db: d.db } } as unknown as APIContext);
      return { status: answer.status, text: await answer.text() };
    };
    expect(await post(notification(fields, strangerKeys.privateKey))).toEqual({ status: 400, text: 'fail' });
    expect((await groupOf(id)).paid).toBe(false);
    expect(await post(notification(fields))).toEqual({ status: 200, text: 'success' });
    expect(await post(notification(fields))).toEqual({ status: 200, text: 'success' });
    expect((await groupOf(id)).paid).toBe(true);
  });
});
