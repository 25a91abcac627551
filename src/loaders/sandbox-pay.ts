import { loadPage } from './result.ts';
import { ctxOf, type PageInput } from './page.ts';
import { getSandboxTrade } from '../server/services/payment/sandbox-trade.ts';
import { getSiteConfig } from '../server/services/site/get-site-config.ts';
import { payTypeName } from '../shared/payment.ts';

/**
 * `/sandbox_pay?t=<ticket>` (no login: the sandbox gateway's page a phone opens from the QR code): the payee, what
 * is paid and how much, from the signed ticket. A ticket this sandbox did not sign is refused (400).
 */
export function loadSandboxPay(page: PageInput) {
  const ctx = ctxOf(page);
  return loadPage(async () => {
    const t = page.url.searchParams.get('t') ?? '';
    const [trade, site] = await Promise.all([getSandboxTrade(ctx, { t }), getSiteConfig(ctx)]);
    return { t, trade, payee: site.site_name, method: payTypeName(trade.method === 'weixinQr' ? 6 : 5) };
  });
}
