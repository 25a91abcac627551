import { describe, expect, it } from 'vitest';
import { couponValidity } from './coupon-text.ts';

describe('the coupon centre validity line', () => {
  const fixed = { coupon_type: 1, coupon_time: 0, use_start_time: '2026-12-01 00:00:00', use_end_time: '2099-12-31 23:59:59' };
  const at = (t: string) => Date.parse(`${t}+08:00`);

  it('says the days after claiming for a coupon valid from its claim', () => {
    expect(couponValidity({ ...fixed, coupon_type: 0, coupon_time: 7 })).toBe('领取后 7 天内可用');
  });

  it('says when a fixed period ends once it has started, and when it starts before (mall time)', () => {
    expect(couponValidity(fixed, at('2026-12-01T00:00:00'))).toBe('有效期至 2099.12.31');
    expect(couponValidity(fixed, at('2026-11-30T23:59:59'))).toBe('2026.12.01 起可用');
  });
});
