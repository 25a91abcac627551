import { loadPage } from './result.ts';
import { ctxOf, type PageInput } from './page.ts';
import { listShopperConversations } from '../server/services/chat/shopper-chat.ts';

/** Conversations the account page lists on each of its pages of 客服消息. */
export const ACCOUNT_CONVERSATIONS = 10;

/** The account page showing the given page of its conversations (page 1 is left out), at the 客服消息 section. */
export function accountChatsHref(page: number): string {
  return page > 1 ? `/user?type=0&chats=${page}#messages` : '/user?type=0#messages';
}

/**
 * `/user?type=0&chats=N` (login required): the account page's data beside the signed-in user the layout has: the
 * shopper's customer-service conversations (客服消息), latest first, 10 a page, each with the desk's unread messages.
 * A malformed page number is the API's 400 (页码 must be a positive whole number).
 */
export function loadUserAccount(page: PageInput) {
  const pageNo = page.url.searchParams.get('chats') ?? '1';
  return loadPage(async () => ({
    page: Number(pageNo),
    conversations: await listShopperConversations(ctxOf(page), { page: pageNo, limit: ACCOUNT_CONVERSATIONS }),
  }));
}
