// Fixtures of the merchant-application tests: shoppers, SMS codes of type `intention`, own uploaded pictures.
import type { Database } from '../../db/client.ts';
import { media } from '../../db/schema/index.ts';
import type { ServiceContext } from '../context.ts';
import { newShopper, type Shopper } from '../../../../tests/helpers/checkout.ts';
import { installMemorySms } from '../../../../tests/helpers/auth.ts';
import { sendCode } from '../auth/send-code.ts';

export const sms = { box: installMemorySms() };

let seq = 0;
const run = `${process.pid % 1000}${Date.now() % 100000}`;

/** A mainland mobile no other test (or earlier run on the same server) uses. */
export const uniquePhone = () =>
  `15${String(Number(run) * 1000 + ++seq)
    .padStart(9, '0')
    .slice(-9)}`;
/** A shop name no other test uses. */
export const uniqueName = (base = '入驻测试店') => `${base}${run}${++seq}`;

const sends = new Map<string, number>();

/**
 * Sends an `intention` code to `phone` for the signed-in shopper and returns what arrived. A second send to the
 * same phone is made 61 s later on the send clock (one send a minute per phone), still within the code's 5 minutes.
 */
export async function codeTo(ctx: ServiceContext, phone: string): Promise<string> {
  const n = sends.get(phone) ?? 0;
  sends.set(phone, n + 1);
  await sendCode(ctx, { phone_code: '86', phone, type: 'intention' }, new Date(Date.now() + n * 61_000));
  const code = sms.box.last(phone);
  if (!code) throw new Error(`no code for ${phone}`);
  return code;
}

/** A picture `uid` uploaded (the media row the upload endpoint writes). */
export async function ownPicture(d: Database, uid: number): Promise<string> {
  const id = `intention-test-${uid}-${Math.random().toString(36).slice(2, 10)}`;
  await d.db.insert(media).values({ mediaId: id, mime: 'image/webp', bytes: new Uint8Array([82, 73, 70, 70]), uid, width: 1, height: 1 });
  return `/media/${id}.webp`;
}

/** A complete application of `s` (with a fresh code for its phone), `extra` overriding any field. */
export async function application(d: Database, s: Shopper, extra: Record<string, unknown> = {}) {
  const phone = (extra.phone as string | undefined) ?? uniquePhone();
  return {
    phone,
    mer_name: uniqueName(),
    name: '王经理',
    code: await codeTo(s, phone),
    merchant_category_id: 1,
    mer_type_id: 2,
    images: [await ownPicture(d, s.user.uid), await ownPicture(d, s.user.uid)],
    ...extra,
  };
}

export { newShopper };
