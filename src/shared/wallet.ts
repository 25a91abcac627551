/**
 * The shopper's balance and points (reference `/user/balance`, `/user/integral`, section 4e): the DTO shapes of
 * `GET /api/user/bill`, `/api/user/integral/info` and `/api/user/integral/lst`, shared by the server and the pages
 * (no zod here; the input schemas are in schemas/wallet.ts).
 */

/** Rows a page of `/user/balance` and `/user/integral` shows (and the APIs' default `limit`). */
export const WALLET_PAGE_SIZE = 10;

/** `?type=` of `GET /api/user/bill` and the tabs of `/user/balance`: 0 all, 1 expense, 2 income. */
export const BILL_TYPES = { all: 0, expense: 1, income: 2 } as const;

/**
 * One ledger row as the reference's clients read it (CRMEB `UserBillRepository::userList` fields): `pm` 1 income,
 * 0 expense; `number` and `balance` are yuan strings in the balance ledger and whole points in the points ledger;
 * `time` is the row's month ('YYYY-MM', mall time), the key `/user/balance` groups by.
 */
export interface BillRowDto<N extends string | number = string> {
  bill_id: number;
  pm: 0 | 1;
  title: string;
  number: N;
  balance: N;
  mark: string;
  create_time: string;
  /** Always 1: every row of our ledger is settled (the reference's clients filter on it). */
  status: 1;
  time: string;
  /**
   * Added to the reference's shape, on points earned or given back only: what of them is neither spent nor expired
   * yet, and when that expires ('YYYY-MM-DD HH:mm:ss', mall time; null: never).
   */
  unspent?: number;
  expire_time?: string | null;
}

/** `GET /api/user/bill`: a page of balance rows, newest first (`count` all rows of the tab). */
export interface BillPageDto {
  count: number;
  list: BillRowDto<string>[];
}

/** `GET /api/user/integral/lst`: a page of points rows, newest first. */
export interface IntegralPageDto {
  count: number;
  list: BillRowDto<number>[];
}

/**
 * `GET /api/user/integral/info`. `integral` = `totalGainIntegral` − `deductionIntegral` always: gained counts points
 * earned (receipts, gifts, operator), not points given back, less the earned points a refund took back; used counts
 * points spent and expired, less the points given back when an order was cancelled or refunded. `lockIntegral`: points the shopper's paid orders
 * will give when received, not credited yet. `validDays`: days earned points stay valid (0: they never expire).
 */
export interface IntegralInfoDto {
  integral: number;
  totalGainIntegral: number;
  deductionIntegral: number;
  lockIntegral: number;
  validDays: number;
  /**
   * Added to the reference's shape: the points due to expire soonest, i.e. the unspent points of every lot due on the
   * mall day of the soonest due date, and that soonest due time ('YYYY-MM-DD HH:mm:ss', mall time); 0 and null when
   * nothing is due (points never expire, or none are left to).
   */
  expireIntegral: number;
  expireTime: string | null;
}

/** Points ledger types that give back points spent earlier (not gained): a cancelled order, a refund of some or all of its items. */
export const POINTS_RETURN_TYPES = ['order_cancel', 'refund_integral'] as const;

/** Points ledger types that take back points gained earlier (not used): a refund of items whose receipt gave points. */
export const POINTS_TAKE_BACK_TYPES = ['refund_give_back'] as const;
