/**
 * Whether a product shows an SVIP member price (`show_svip_info`, read by the reference client's cards and
 * product page before `svip_price`). The mall has no SVIP programme yet (`svip_switch_status` 0 in
 * `GET /api/config`), so nothing shows a member price and the member price is the price itself.
 */
export interface SvipInfo {
  /** The SVIP programme is offered (the crown and member prices show). */
  show_svip: boolean;
  /** The shopper is an SVIP member. */
  is_svip: boolean;
  /** This product shows `svip_price`. */
  show_svip_price: boolean;
  /** What a member saves on it, yuan. */
  save_money: string;
}

export interface SvipFields {
  show_svip_info: SvipInfo;
  /** The member price, yuan (the price while there is no SVIP programme). */
  svip_price: string;
  /** 1 when the product has a member price of its own. */
  is_svip_price: number;
}

const NO_SVIP: SvipInfo = Object.freeze({ show_svip: false, is_svip: false, show_svip_price: false, save_money: '0.00' });

/** The SVIP fields of a product at `price` (yuan string). */
export function svipFields(price: string): SvipFields {
  return { show_svip_info: { ...NO_SVIP }, svip_price: price, is_svip_price: 0 };
}
