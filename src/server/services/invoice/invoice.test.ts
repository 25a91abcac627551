// The one invoice schema (tax number check, what each kind needs, bounds), and the invoice verbs on an in-memory
// PGlite database (invoice-suite.ts; the same suite runs on PostgreSQL 15 in invoice.postgres.test.ts).
import { describe, it, expect, beforeAll } from 'vitest';
import { createTestDatabase } from '../../../../tests/helpers/test-db.ts';
import { isTaxId, INVOICE_TEXT } from '../../../shared/invoice.ts';
import { receiptInput } from '../../../shared/schemas/invoice.ts';
import { company, invoiceSuite, personal, VALID, vat } from './invoice-suite.ts';

beforeAll(async () => {
  await createTestDatabase();
});

const problem = (v: unknown) => {
  const r = receiptInput.safeParse(v);
  return r.success ? '' : r.error.issues[0]?.message;
};

describe('the invoice schema', () => {
  it('checks an 18-character tax number with the GB 32100-2015 check character', () => {
    for (const c of VALID) expect(isTaxId(c)).toBe(true);
    expect(isTaxId('9144030071526726xg')).toBe(true);
    for (const c of ['9144030071526726XH', '91440300708461136A', '9144030071526726XGG', '9144O30071526726XG', '12345678901234', ''])
      expect(isTaxId(c)).toBe(false);
    expect(problem({ ...company, duty_paragraph: '9144030071526726XH' })).toBe('纳税人识别号格式不正确');
    expect(problem({ ...company, duty_paragraph: '' })).toBe(INVOICE_TEXT.taxIdMissing);
    expect(receiptInput.parse({ ...company, duty_paragraph: ' 9144030071526726xg ' }).duty_paragraph).toBe('9144030071526726XG');
  });

  it('takes the older 15-, 17- and 20-character taxpayer numbers (digits and capital letters; no check character)', () => {
    for (const c of ['440301708461136', '44030119800101123', '44030119800101123X01', '11010855138508Q', '9144030071526726X'])
      expect(isTaxId(c), c).toBe(true);
    for (const c of [
      '4403017084611',
      '4403011980010112',
      '440301198001011230',
      '440301198001011230X01',
      '44030170846113-',
      '４40301708461136',
    ])
      expect(isTaxId(c), c).toBe(false);
    expect(receiptInput.parse({ ...company, duty_paragraph: ' 44030119800101123x01 ' }).duty_paragraph).toBe('44030119800101123X01');
    expect(problem({ ...company, duty_paragraph: '440301198001011230X01' })).toBe('纳税人识别号格式不正确');
  });

  it('allows a personal title only on a normal e-invoice, and a special VAT invoice only with all company details', () => {
    expect(problem(personal)).toBe('');
    expect(receiptInput.parse({ ...personal, duty_paragraph: 'x', bank_name: 'y' })).toMatchObject({ duty_paragraph: '', bank_name: '' });
    expect(problem({ ...vat, receipt_title_type: 1 })).toBe(INVOICE_TEXT.personalVat);
    expect(problem(vat)).toBe('');
    expect(problem({ ...vat, bank_name: ' ' })).toBe(INVOICE_TEXT.bankName);
    expect(problem({ ...vat, bank_code: 'abc' })).toBe(INVOICE_TEXT.bankCode);
    expect(problem({ ...vat, address: '' })).toBe(INVOICE_TEXT.address);
    expect(problem({ ...vat, tel: '' })).toBe(INVOICE_TEXT.tel);
    expect(problem({ ...vat, duty_paragraph: VALID[1]!.slice(0, 16) })).toBe('纳税人识别号格式不正确');
  });

  it('bounds every field: a title of 1-60 characters, a valid e-mail when one is given', () => {
    expect(problem({ ...personal, receipt_title: ' ' })).toBe(INVOICE_TEXT.title);
    expect(problem({ ...personal, receipt_title: '票'.repeat(60) })).toBe('');
    expect(problem({ ...personal, receipt_title: '票'.repeat(61) })).toBe('发票抬头不能超过60个字');
    expect(problem({ ...personal, email: 'not-an-email' })).toBe(INVOICE_TEXT.email);
    expect(problem({ ...personal, email: 'a@example.com' })).toBe('');
    expect(problem({ ...vat, address: '路'.repeat(101) })).toBe('注册地址不能超过100个字');
    expect(problem({ ...personal, receipt_type: 3 })).toBe(INVOICE_TEXT.type);
    expect(problem({ ...personal, receipt_title: { x: 1 } })).toBe('发票抬头格式不正确');
  });
});

invoiceSuite(createTestDatabase);
