import { describe, it, expect } from 'vitest';
import { answerText, checkAnswers, isCalendarDate, isIdCard, type FormField } from './order-form.ts';

const field = (type: FormField['type'], extra: Partial<FormField> = {}): FormField => ({
  key: 'f',
  type,
  title: '字段',
  required: true,
  ...extra,
});
const answer = (type: FormField['type'], value: unknown, extra: Partial<FormField> = {}) =>
  checkAnswers([field(type, extra)], { f: value });
const ok = (type: FormField['type'], value: unknown, extra: Partial<FormField> = {}) => {
  const r = answer(type, value, extra);
  if (!r.ok) throw new Error(r.message);
  return r.answers[0]!.value;
};
const message = (type: FormField['type'], value: unknown, extra: Partial<FormField> = {}) => {
  const r = answer(type, value, extra);
  return r.ok ? null : r.message;
};

describe('order form answers', () => {
  it('checks resident ID numbers by their check character and birth date', () => {
    expect(isIdCard('11010519491231002X')).toBe(true);
    expect(isIdCard('11010519491231002x')).toBe(true);
    expect(isIdCard('110105194912310021')).toBe(false);
    expect(isIdCard('110105194902300020')).toBe(false);
    expect(isIdCard('1101051949123100')).toBe(false);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
  });

  it('takes each kind of answer in its shape and trims text', () => {
    expect(ok('text', '  张三 ')).toBe('张三');
    expect(ok('number', 12.5)).toBe('12.5');
    expect(ok('phone', '13912345678')).toBe('13912345678');
    expect(ok('phone', '010-12345678')).toBe('010-12345678');
    expect(ok('email', 'a.b@example.cn')).toBe('a.b@example.cn');
    expect(ok('id_card', '11010519491231002x')).toBe('11010519491231002X');
    expect(ok('checkbox', ['丙', '甲'], { options: ['甲', '乙', '丙'] })).toEqual(['甲', '丙']);
    expect(ok('time', '08:30')).toBe('08:30');
    expect(ok('time_range', ['09:00', '18:00'])).toEqual(['09:00', '18:00']);
    expect(ok('image', '/media/abc-1.webp')).toEqual(['/media/abc-1.webp']);
  });

  it('names the field in every refusal', () => {
    expect(message('phone', '12345')).toBe('「字段」格式不正确');
    expect(message('email', 'a@b')).toBe('「字段」格式不正确');
    expect(message('number', '1e5')).toBe('「字段」格式不正确');
    expect(message('time', '24:00')).toBe('「字段」格式不正确');
    expect(message('radio', '丁', { options: ['甲', '乙'] })).toBe('「字段」的选项不存在');
    expect(message('radio', undefined, { options: ['甲', '乙'] })).toBe('请选择「字段」');
    expect(message('textarea', 'x'.repeat(501))).toBe('「字段」不能超过500个字');
    expect(message('time_range', ['18:00', '09:00'])).toBe('「字段」的开始不能晚于结束');
    expect(message('image', ['/media/a.webp', '/media/b.webp'])).toBe('「字段」最多上传1张图片');
    expect(message('image', ['https://elsewhere.example/a.webp'])).toBe('「字段」的图片无效，请重新上传');
    expect(message('region', ['广东省'])).toBe('「字段」格式不正确');
    expect(message('text', { nested: true })).toBe('「字段」格式不正确');
  });

  it('skips unanswered optional fields and ignores keys the form does not name', () => {
    const r = checkAnswers([field('text', { required: false }), { ...field('date'), key: 'd' }], { d: '2026-12-24', other: 'x' });
    expect(r).toMatchObject({ ok: true, answers: [{ key: 'd', value: '2026-12-24' }] });
    expect(checkAnswers([field('text')], [])).toMatchObject({ ok: false, message: '请填写「字段」' });
    expect(checkAnswers([field('text')], 'text')).toMatchObject({ ok: false, message: '订单信息格式不正确' });
  });

  it('shows ranges and lists as one line', () => {
    expect(answerText({ key: 'a', title: 'A', type: 'date_range', value: ['2026-12-24', '2026-12-26'] })).toBe('2026-12-24 至 2026-12-26');
    expect(answerText({ key: 'a', title: 'A', type: 'checkbox', value: ['甲', '丙'] })).toBe('甲、丙');
  });
});
