import type { ServiceContext } from '../context.ts';
import { getAppConfig } from '../site/get-app-config.ts';
import { enabledQrMethods } from '../../payment/index.ts';

/** Which pay methods the payment page offers (reference section 4b), the same rule `payOrder` applies. */
export interface PayMethodsDto {
  /** `yue_pay_status`: balance payment on. */
  balance: boolean;
  /** WeChat Pay by QR code: its gateway configured. */
  weixinQr: boolean;
  /** Alipay by QR code: `alipay_open` and its gateway configured. */
  alipayQr: boolean;
}

export async function getPayMethods(ctx: Pick<ServiceContext, 'db'>): Promise<PayMethodsDto> {
  const switches = await getAppConfig(ctx);
  const qr = enabledQrMethods();
  return {
    balance: switches.yue_pay_status === 1,
    weixinQr: qr.includes('weixinQr'),
    alipayQr: switches.alipay_open === 1 && qr.includes('alipayQr'),
  };
}
