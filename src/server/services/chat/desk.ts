import { z } from 'zod';
import { numberInput } from '../../../shared/schemas/common.ts';
import { CHAT_TEXT } from '../../../shared/chat.ts';
import type { ServiceContext } from '../context.ts';
import { ServiceError } from '../errors.ts';
import { parseInput } from '../input.ts';
import { loadShop } from '../merchant/merchant-card.ts';
import { getSiteConfig } from '../site/get-site-config.ts';

/** Online chat in the reference's `services_type`. */
export const CHAT_SERVICE = 0;

/** A service desk a shopper can talk to: an open shop that answers by chat, or the mall's own (`merId` 0). */
export interface Desk {
  merId: number;
  name: string;
  avatar: string;
  phone: string;
}

/** The mall desk's avatar: the square mark (the site logo is a wide word mark, cut off in a round avatar). */
const MALL_DESK_AVATAR = '/favicon.svg';

/**
 * The desk of `merId` as it signs its messages, and whether it takes chats now: the mall's (0, open when the operator's
 * `is_open_service` is on) or an open shop's (open when it answers by chat, `services_type` 0); null for a shop that
 * does not exist or is closed. Both are cached reads (the settings, the shop card).
 */
async function readDesk(ctx: Pick<ServiceContext, 'db'>, merId: number): Promise<{ desk: Desk; open: boolean } | null> {
  if (merId === 0) {
    const site = await getSiteConfig(ctx);
    return {
      desk: { merId: 0, name: site.site_name, avatar: MALL_DESK_AVATAR, phone: site.sys_phone },
      open: site.is_open_service === '1',
    };
  }
  const shop = await loadShop(ctx, merId);
  if (!shop) return null;
  const { card } = shop;
  return {
    desk: { merId, name: card.mer_name, avatar: card.mer_avatar, phone: card.service_phone },
    open: card.services_type === CHAT_SERVICE,
  };
}

/**
 * The desk of `merId` as its messages are signed, whether or not it takes chats now (a shop that turned chat off still
 * answers, and shows, what was asked before); a shop closed or gone signs with no name.
 */
export async function deskOf(ctx: Pick<ServiceContext, 'db'>, merId: number): Promise<Desk> {
  return (await deskState(ctx, merId)).desk;
}

/** The desk of `merId` as deskOf signs it, and whether it takes chats now (`open`; false for a shop closed or gone). */
export async function deskState(ctx: Pick<ServiceContext, 'db'>, merId: number): Promise<{ desk: Desk; open: boolean }> {
  const found = await readDesk(ctx, merId);
  return { desk: found?.desk ?? unsigned(merId), open: found?.open ?? false };
}

const unsigned = (merId: number): Desk => ({ merId, name: '', avatar: '', phone: '' });

/**
 * The open desk of `merId` (see readDesk), or the reference's refusal 暂无可用客服. With `readableAnyway`, a desk that
 * does not take chats (or is gone) is still given, as deskOf signs it, when that says so (a conversation to read).
 */
export async function requireDesk(ctx: Pick<ServiceContext, 'db'>, merId: number, readableAnyway?: () => Promise<boolean>): Promise<Desk> {
  const found = await readDesk(ctx, merId);
  if (found?.open) return found.desk;
  if (readableAnyway && (await readableAnyway())) return found?.desk ?? unsigned(merId);
  throw new ServiceError('refused', CHAT_TEXT.noService);
}

/** How the desk signs its messages. */
export const deskNickname = (desk: Pick<Desk, 'name'>) => `${desk.name}客服`;

const merIdField = z.preprocess(
  numberInput,
  z.coerce.number({ error: '店铺ID格式不正确' }).int('店铺ID格式不正确').min(0, '店铺ID格式不正确').max(2147483647, '店铺ID格式不正确'),
);

/** A desk's id as a shopper names it (a path part or `?mer_id=`): a shop's `mer_id`, or 0 the mall's; 400 otherwise. */
export const parseMerId = (merId: unknown) => parseInput(z.object({ mer_id: merIdField }), { mer_id: merId }).mer_id;
