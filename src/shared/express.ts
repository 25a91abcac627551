/**
 * Express companies a merchant ships with (`GET /api/common/express`): `code` is what the tracking provider is asked
 * with (the common Chinese carrier codes), `name` what shoppers read. A merchant may name a company by either when
 * shipping; the order keeps both (`delivery_name`, `delivery_code`).
 */
export interface ExpressCompany {
  id: number;
  code: string;
  name: string;
}

export const EXPRESS_COMPANIES: readonly ExpressCompany[] = [
  { id: 1, code: 'SF', name: '顺丰速运' },
  { id: 2, code: 'ZTO', name: '中通快递' },
  { id: 3, code: 'YTO', name: '圆通速递' },
  { id: 4, code: 'YD', name: '韵达快递' },
  { id: 5, code: 'STO', name: '申通快递' },
  { id: 6, code: 'JD', name: '京东物流' },
  { id: 7, code: 'EMS', name: '中国邮政' },
  { id: 8, code: 'JTSD', name: '极兔速递' },
  { id: 9, code: 'DBL', name: '德邦快递' },
  { id: 10, code: 'YZPY', name: '邮政快递包裹' },
  { id: 11, code: 'HTKY', name: '百世快递' },
  { id: 12, code: 'ZJS', name: '宅急送' },
  { id: 13, code: 'UC', name: '优速快递' },
  { id: 14, code: 'DHL', name: 'DHL国际快递' },
  { id: 15, code: 'FEDEX', name: 'FedEx联邦快递' },
  { id: 16, code: 'UPS', name: 'UPS国际快递' },
];

/** The company a merchant means by `nameOrCode` (its Chinese name, or its code in any case); undefined if none. */
export function findExpress(nameOrCode: string): ExpressCompany | undefined {
  const q = nameOrCode.trim();
  if (!q) return undefined;
  const upper = q.toUpperCase();
  return EXPRESS_COMPANIES.find((c) => c.name === q || c.code === upper);
}
