import { loadPage, failure } from './result.ts';
import { ctxOf, type PageInput } from './page.ts';
import { getAppConfig } from '../server/services/site/get-app-config.ts';
import { listMerchantCategories } from '../server/services/merchant/list-merchant-categories.ts';
import { listApplicableTypes } from '../server/services/merchant/list-merchant-types.ts';
import { getIntention } from '../server/services/intention/list-intentions.ts';
import { INTENTION_STATUS, INTENTION_TEXT } from '../shared/intention.ts';

/**
 * `/merchant_settled?intention_id=` (login required): the application form with the category and shop-type choices (not 自营)
 * and the settle-in agreement; with `intention_id`, one of the shopper's pending or rejected applications to edit.
 */
export async function loadMerchantSettled(page: PageInput) {
  const raw = page.url.searchParams.get('intention_id');
  if (raw !== null && raw !== '' && !/^\d{1,10}$/.test(raw)) return failure(404, '入驻申请编号格式不正确');
  const ctx = ctxOf(page);
  return loadPage(async () => {
    const [config, categories, types, editing] = await Promise.all([
      getAppConfig(ctx),
      listMerchantCategories(ctx),
      listApplicableTypes(ctx),
      raw ? getIntention(ctx, { id: raw }) : Promise.resolve(null),
    ]);
    return {
      open: config.mer_intention_open === 1,
      agreement: config.sys_intention_agree,
      categories,
      types,
      editing,
      /** An approved application is not edited: the page says so instead of the form. */
      locked: editing?.status === INTENTION_STATUS.approved ? INTENTION_TEXT.approved : '',
    };
  });
}
