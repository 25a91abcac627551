/** Presale wording shared by the product page and checkout (reference: presale rows show "shipping-time text"). */

/** When a presale ships: `delivery_type` 1 counts days from the (balance) payment, 2 from the presale's end. */
export function presellShipText(p: { presell_type: number; delivery_type: number; delivery_day: number }): string {
  return p.delivery_type === 1
    ? `付${p.presell_type === 2 ? '尾' : ''}款后 ${p.delivery_day} 天内发货`
    : `预售结束后 ${p.delivery_day} 天内发货`;
}
