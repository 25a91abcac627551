import { CHAT_TEXT } from '../../../shared/chat.ts';
import type { ServiceContext } from '../context.ts';
import { ServiceError } from '../errors.ts';
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

/**
 * The open desk of `merId`, or null: the shop exists, is open and answers by chat (`services_type` 0); the mall's
 * desk (0) when the operator's `is_open_service` is on. Both are cached reads (the shop card, the settings).
 */
export async function findDesk(ctx: Pick<ServiceContext, 'db'>, merId: number): Promise<Desk | null> {
  if (merId === 0) {
    const site = await getSiteConfig(ctx);
    if (site.is_open_service !== '1') return null;
    return { merId: 0, name: site.site_name, avatar: site.site_logo, phone: site.sys_phone };
  }
  const shop = await loadShop(ctx, merId);
  if (!shop || shop.card.services_type !== CHAT_SERVICE) return null;
  const { card } = shop;
  return { merId, name: card.mer_name, avatar: card.mer_avatar, phone: card.service_phone };
}

/** The open desk of `merId`, or the reference's refusal 暂无可用客服. */
export async function requireDesk(ctx: Pick<ServiceContext, 'db'>, merId: number): Promise<Desk> {
  const desk = await findDesk(ctx, merId);
  if (!desk) throw new ServiceError('refused', CHAT_TEXT.noService);
  return desk;
}

/** How the desk signs its messages. */
export const deskNickname = (desk: Pick<Desk, 'name'>) => `${desk.name}客服`;
