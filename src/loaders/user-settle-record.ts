import { loadPage } from './result.ts';
import { ctxOf, type PageInput } from './page.ts';
import { listIntentions } from '../server/services/intention/list-intentions.ts';
import { INTENTION_PAGE_SIZE } from '../shared/intention.ts';

export function settleRecordHref(page = 1): string {
  return page > 1 ? `/user/settle_record?page=${page}` : '/user/settle_record';
}

/** `/user/settle_record?page` (login required): the shopper's merchant applications, newest first, 10 a page. */
export async function loadUserSettleRecord(page: PageInput) {
  const pageNo = page.url.searchParams.get('page') ?? '1';
  return loadPage(async () => {
    const list = await listIntentions(ctxOf(page), { page: pageNo, limit: INTENTION_PAGE_SIZE });
    return { list, page: Number(pageNo) };
  });
}
