import { describe, expect, it } from 'vitest';
import { presellShipText } from './presell.ts';

describe('presellShipText', () => {
  it('counts from the payment (the balance of a deposit presale) or from the end of the presale', () => {
    expect(presellShipText({ presell_type: 1, delivery_type: 1, delivery_day: 3 })).toBe('付款后 3 天内发货');
    expect(presellShipText({ presell_type: 2, delivery_type: 1, delivery_day: 11 })).toBe('付尾款后 11 天内发货');
    expect(presellShipText({ presell_type: 2, delivery_type: 2, delivery_day: 5 })).toBe('预售结束后 5 天内发货');
  });
});
