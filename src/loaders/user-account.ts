import { loadPage } from './result.ts';
import { ctxOf, type PageInput } from './page.ts';
import { listShopperConversations } from '../server/services/chat/shopper-chat.ts';

/** Conversations the account page lists (the most recent; older ones are rarely reopened from here). */
export const ACCOUNT_CONVERSATIONS = 20;

/**
 * `/user` (login required): the account page's data beside the signed-in user the layout has: the shopper's
 * customer-service conversations (客服消息), latest first, each with the desk's unread messages.
 */
export function loadUserAccount(page: PageInput) {
  return loadPage(async () => ({
    conversations: await listShopperConversations(ctxOf(page), { page: 1, limit: ACCOUNT_CONVERSATIONS }),
  }));
}
