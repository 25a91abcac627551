import { useRef, useState } from 'react';
import type { AddressDto, CheckCouponDto, OrderCheckDto } from '../../shared/dto.ts';
import { regionLabel } from '../../shared/address.ts';
import { ADDRESS_LIMIT } from '../../shared/schemas/address.ts';
import { AddressDialog } from '../address/AddressDialog.tsx';
import { ApiError, post } from '../../client/api.ts';
import { toast } from '../../client/toast.ts';
import { LOGIN_REQUIRED } from '../../shared/messages.ts';
import { presellShipText } from '../../shared/presell.ts';
import { charged, shown, type ShownCurrency } from './money.ts';
import { INVOICE_MAX, INVOICE_TEXT, fromTitle, invoiceProblem, titlesFor, type InvoiceDraft } from './invoice.ts';
import type { InvoiceTitleDto } from '../../shared/invoice.ts';
import { checkForm, type FormAnswer, type FormAnswers, type FormProblem, OrderFormFields } from './OrderFormFields.tsx';
import { skuText } from '../../shared/sku.ts';

export interface OrderConfirmProps {
  cartIds: number[];
  initial: OrderCheckDto;
  addresses: AddressDto[];
  /** The shopper's ship-to country (a new address starts there). */
  shipTo: string;
  currency: ShownCurrency;
  /** Where "manage addresses" leads. */
  addressHref: string;
  /** The shopper's saved invoice titles (the default first), offered to fill an invoice. */
  invoiceTitles: InvoiceTitleDto[];
}

interface Choice {
  addressId: number | undefined;
  /** Chosen coupons by merchant id ('0' platform); a merchant not listed gets the server's best. */
  useCoupon: Record<string, number[]>;
  takes: number[];
  useIntegral: boolean;
}

const fail = (err: unknown) => {
  if (err instanceof ApiError && err.message !== LOGIN_REQUIRED) toast(err.message);
  else if (!(err instanceof ApiError)) toast('网络连接失败，请稍后重试');
};

const couponLabel = (c: CheckCouponDto, money: (y: string) => string) =>
  `${c.coupon.type_name} ${c.use_min_price === '0.00' ? '无门槛' : `满${money(c.use_min_price)}`}减${money(c.coupon_price)}`;

/** `/order_confirm`: address, one block per merchant, platform coupon, points, invoice, summary and submit. */
/** Addresses in one row of the checkout until the shopper asks for all of them (the reference's show more / less). */
const ADDRESS_ROW = 4;

/** The addresses shown: all, or the first row with the chosen one always in it. */
function shownAddresses(list: AddressDto[], chosenId: number | undefined, all: boolean): AddressDto[] {
  if (all || list.length <= ADDRESS_ROW) return list;
  const row = list.slice(0, ADDRESS_ROW);
  const chosen = list.find((a) => a.address_id === chosenId);
  return !chosen || row.includes(chosen) ? row : [...row.slice(0, ADDRESS_ROW - 1), chosen];
}

export default function OrderConfirm(p: OrderConfirmProps) {
  const [data, setData] = useState(p.initial);
  const [choice, setChoice] = useState<Choice>({
    addressId: p.initial.address?.address_id,
    useCoupon: {},
    takes: [],
    useIntegral: p.initial.useIntegral,
  });
  const [marks, setMarks] = useState<Record<string, string>>({});
  const [invoices, setInvoices] = useState<Record<string, InvoiceDraft>>({});
  const [pickup, setPickup] = useState({ real_name: '', phone: '' });
  /** The pickup contact's field a submit found missing or wrong: marked invalid until edited. */
  const [pickupBad, setPickupBad] = useState<'' | 'real_name' | 'phone'>('');
  const pickupBox = useRef<HTMLFieldSetElement>(null);
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [addresses, setAddresses] = useState(p.addresses);
  const [allAddresses, setAllAddresses] = useState(false);
  const [adding, setAdding] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  // The shop's form: answers outlive re-prices (each check answers the same form again).
  const [answers, setAnswers] = useState<FormAnswers>({});
  const [formError, setFormError] = useState<FormProblem | null>(null);
  const [uploads, setUploads] = useState<Record<string, boolean>>({});
  const formBox = useRef<HTMLElement>(null);
  const seq = useRef(0);
  const money = (y: string) => shown(p.currency, y);
  const hasPresell = data.order.some((o) => o.list.some((l) => l.product_type === 2));
  // Only a deposit presale (presell_type 2) has a deposit to keep; a full-payment one is paid in full at once.
  const hasDeposit = data.order.some((o) => o.list.some((l) => l.product_type === 2 && l.productPresell?.presell_type === 2));
  const anyTake = data.order.some((o) => o.order.isTake === 1);
  const form = data.mer_form_info;

  const answer = (key: string, a: FormAnswer) => {
    setAnswers((all) => ({ ...all, [key]: a }));
    setFormError((e) => (e?.key === key ? null : e));
  };

  /** Shows what is wrong under its field and brings the shopper there. */
  function formProblem(problem: FormProblem) {
    setFormError(problem);
    const target = formBox.current?.querySelector<HTMLElement>(`[data-form-field="${problem.key}"] :is(input, select, textarea)`);
    target?.scrollIntoView({ block: 'center' });
    target?.focus({ preventScroll: true });
  }

  /** Re-prices with the server; the page never computes a price itself. A refusal keeps the last good state. */
  async function recheck(next: Choice): Promise<OrderCheckDto | null> {
    const mine = ++seq.current;
    setBusy(true);
    try {
      const fresh = await post<OrderCheckDto>('/api/v2/order/check', {
        cart_id: p.cartIds,
        address_id: next.addressId ?? 0,
        use_coupon: next.useCoupon,
        takes: next.takes,
        use_integral: next.useIntegral,
      });
      if (mine !== seq.current) return null;
      setChoice(next);
      setData(fresh);
      return fresh;
    } catch (err) {
      if (mine === seq.current) fail(err);
      return null;
    } finally {
      if (mine === seq.current) setBusy(false);
    }
  }

  /** The coupons now in use, as explicit choices (so a re-check keeps them instead of re-picking). */
  const explicitCoupons = (d: OrderCheckDto): Record<string, number[]> => ({
    ...Object.fromEntries(d.order.map((o) => [String(o.mer_id), o.coupon.filter((c) => c.checked).map((c) => c.coupon_user_id)])),
    0: d.platformCoupon.filter((c) => c.checked).map((c) => c.coupon_user_id),
  });

  const setCoupon = (merId: number, id: number | null) =>
    recheck({ ...choice, useCoupon: { ...explicitCoupons(data), [String(merId)]: id ? [id] : [] } });

  const toggleTake = (merId: number, take: boolean) =>
    recheck({
      ...choice,
      useCoupon: explicitCoupons(data),
      takes: take ? [...choice.takes, merId] : choice.takes.filter((m) => m !== merId),
    });

  async function submit() {
    if (submitting) return;
    if (data.status === 'noAddress') return toast('请选择收货地址');
    if (data.status === 'noDeliver') return toast('收货地址不在配送范围内');
    if (anyTake) {
      const bad = !pickup.real_name.trim() ? 'real_name' : !/^\+?[\d\- ]{5,20}$/.test(pickup.phone.trim()) ? 'phone' : '';
      if (bad) {
        toast('请填写提货人姓名和电话');
        setPickupBad(bad);
        const field = pickupBox.current?.querySelector<HTMLInputElement>(`[name="${bad}"]`);
        field?.scrollIntoView({ block: 'center' });
        return field?.focus({ preventScroll: true });
      }
    }
    let extend: Record<string, unknown> | undefined;
    if (form) {
      if (Object.values(uploads).some(Boolean)) return toast('图片还在上传，请稍候');
      const checked = checkForm(form.value, answers);
      if (!checked.ok) {
        toast(checked.message);
        return formProblem(checked);
      }
      extend = checked.extend;
    }
    if (hasPresell && !agreed) return toast('请先阅读并同意预售协议');
    for (const [merId, inv] of Object.entries(invoices)) {
      const problem = invoiceProblem(inv);
      if (problem) return toast(`${data.order.find((o) => String(o.mer_id) === merId)?.mer_name ?? ''}：${problem}`);
    }
    setSubmitting(true);
    try {
      const receipt_data = Object.fromEntries(Object.entries(invoices).filter(([, v]) => v.receipt_type !== 0));
      const created = await post<{ order_id: number; paid: number }>('/api/v2/order/create', {
        cart_id: p.cartIds,
        address_id: choice.addressId ?? 0,
        use_coupon: explicitCoupons(data),
        takes: choice.takes,
        use_integral: choice.useIntegral,
        key: data.key,
        mark: marks,
        receipt_data,
        post: pickup,
        ...(extend && { extend }),
        pay_type: 'pc',
      });
      // As the reference: on to the payment page, or (nothing left to pay) straight to the paid order's page.
      location.assign(created.paid ? `/payment_success?orderId=${created.order_id}` : `/payment?result=${created.order_id}`);
    } catch (err) {
      fail(err);
      setSubmitting(false);
      // The server's word on the form (the form changed meanwhile, a picture no longer ours): under its field too.
      const named = err instanceof ApiError && form?.value.find((f) => err.message.includes(`「${f.title}」`));
      if (named) formProblem({ key: named.key, message: (err as ApiError).message });
      // An expired key or a changed price: show the current price and a fresh key, the shopper submits again.
      if (err instanceof ApiError && err.message !== LOGIN_REQUIRED) await recheck({ ...choice, useCoupon: explicitCoupons(data) });
    }
  }

  return (
    <div className="checkout" data-busy={busy || undefined}>
      <section className="checkout__block" aria-labelledby="co-address">
        <div className="checkout__head">
          <h2 id="co-address">收货地址</h2>
          <a href={p.addressHref}>管理收货地址</a>
        </div>
        {addresses.length ? (
          <ul className="co-addresses" id="co-address-list">
            {shownAddresses(addresses, choice.addressId, allAddresses).map((a) => (
              <li key={a.address_id}>
                <button
                  type="button"
                  className="co-address"
                  aria-pressed={choice.addressId === a.address_id}
                  onClick={() => recheck({ ...choice, useCoupon: explicitCoupons(data), addressId: a.address_id })}
                >
                  <span className="co-address__who">
                    {a.real_name} <span>{a.phone}</span>
                    {a.is_default === 1 && <em className="co-address__default">默认</em>}
                  </span>
                  <span className="co-address__text">
                    {regionLabel(a)} {a.detail}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="checkout__empty">还没有收货地址，请先新增一个。</p>
        )}
        {addresses.length > ADDRESS_ROW && (
          <button
            type="button"
            className="link-btn co-address-more"
            aria-expanded={allAddresses}
            aria-controls="co-address-list"
            onClick={() => setAllAddresses(!allAddresses)}
          >
            {allAddresses ? '收起地址' : `显示全部地址（${addresses.length}）`}
          </button>
        )}
        {addresses.length < ADDRESS_LIMIT && (
          <button type="button" className="btn co-address-add" onClick={() => setAdding(true)}>
            + 新增收货地址
          </button>
        )}
        <AddressDialog
          open={adding}
          shipTo={p.shipTo}
          onClose={() => setAdding(false)}
          onSaved={(a) => {
            setAdding(false);
            setAddresses([a, ...addresses.filter((x) => x.address_id !== a.address_id)]);
            void recheck({ ...choice, useCoupon: explicitCoupons(data), addressId: a.address_id });
          }}
        />
      </section>

      <section className="checkout__block" aria-labelledby="co-goods">
        <div className="checkout__head">
          <h2 id="co-goods">商品信息</h2>
        </div>
        <div className="co-cols" aria-hidden="true">
          <span>商品</span>
          <span>单价</span>
          <span>数量</span>
          <span>小计</span>
        </div>
        {data.order.map((o) => {
          const merId = String(o.mer_id);
          const inv = invoices[merId] ?? { receipt_type: 0, receipt_title_type: 1 };
          const setInv = (patch: Partial<InvoiceDraft>) => setInvoices({ ...invoices, [merId]: { ...inv, ...patch } });
          /** A new kind starts from the default saved title that fits it, if any; a special VAT invoice is for a company. */
          const setKind = (kind: 0 | 1 | 2) => {
            const saved = kind === 0 ? undefined : titlesFor(p.invoiceTitles, kind).find((t) => t.is_default === 1);
            if (saved && kind !== 0 && !inv.receipt_title?.trim()) return setInvoices({ ...invoices, [merId]: fromTitle(saved, kind) });
            setInv(kind === 2 ? { receipt_type: 2, receipt_title_type: 2 } : { receipt_type: kind });
          };
          return (
            <article className="co-merchant" key={o.mer_id} data-merchant={o.mer_id}>
              <header className="co-merchant__head">
                <a href={`/store?id=${o.mer_id}`}>{o.mer_name}</a>
                {o.is_trader === 1 && <em className="tag tag--self">自营</em>}
                {o.service_phone && <span className="co-merchant__phone">客服 {o.service_phone}</span>}
              </header>
              <ul className="co-lines">
                {o.list.map((l) => (
                  <li className="co-line" key={l.cart_id} data-undeliverable={l.undeliverable || undefined}>
                    <a className="co-line__product" href={`/goods_detail/${l.spu_product_id}`}>
                      <img src={l.productAttr.image || l.product.image} alt="" width="64" height="64" loading="lazy" />
                      <span>
                        <span className="co-line__name">
                          {l.product_type === 2 && <em className="tag">预售</em>}
                          {l.product_type === 1 && <em className="tag">秒杀</em>}
                          {l.product.store_name}
                        </span>
                        <span className="co-line__sku">{skuText(l.productAttr.sku)}</span>
                        {l.productPresell && l.productPresellAttr && (
                          <span className="co-line__presell" data-presell-line>
                            {l.productPresell.presell_type === 2 &&
                              `定金 ${money(l.productPresellAttr.down_price)}/件，尾款 ${money(l.productPresellAttr.final_price)}/件（${l.productPresell.final_start_time?.slice(0, 16)} 起支付）；`}
                            {presellShipText(l.productPresell)}
                          </span>
                        )}
                        {l.undeliverable && <span className="co-line__warn">不在配送范围</span>}
                      </span>
                    </a>
                    <span className="co-line__price">{money(l.productAttr.price)}</span>
                    <span className="co-line__num">×{l.cart_num}</span>
                    <span className="co-line__total">{money(l.total_price)}</span>
                  </li>
                ))}
              </ul>
              <div className="co-merchant__opts">
                <label className="co-opt">
                  <span>配送方式</span>
                  <select
                    value={o.order.isTake ? 'take' : 'express'}
                    onChange={(e) => toggleTake(o.mer_id, e.currentTarget.value === 'take')}
                    disabled={busy}
                  >
                    <option value="express">快递配送</option>
                    {o.order.allow_take === 1 && <option value="take">到店自提</option>}
                  </select>
                  {o.order.isTake === 1 && o.order.allow_take === 1 && (
                    <small className="co-opt__hint">
                      自提地址：{o.take.mer_take_address}（{o.take.mer_take_time}）
                    </small>
                  )}
                </label>
                <label className="co-opt">
                  <span>店铺优惠</span>
                  <select
                    value={String(o.coupon.find((c) => c.checked)?.coupon_user_id ?? '')}
                    onChange={(e) => setCoupon(o.mer_id, Number(e.currentTarget.value) || null)}
                    disabled={busy || !o.coupon.length}
                    data-coupon-select={o.mer_id}
                  >
                    <option value="">{o.coupon.length ? '不使用优惠券' : '暂无可用优惠券'}</option>
                    {o.coupon.map((c) => (
                      <option key={c.coupon_user_id} value={c.coupon_user_id} disabled={!!c.disabled_reason}>
                        {couponLabel(c, money)}
                        {c.disabled_reason ? `（${c.disabled_reason}）` : ''}
                      </option>
                    ))}
                  </select>
                </label>
                <div className="co-opt">
                  <span>运费</span>
                  <strong>
                    {o.order.isTake
                      ? '到店自提，免运费'
                      : o.order.postage_price === '0.00'
                        ? '包邮'
                        : hasDeposit
                          ? `${money(o.order.postage_price)}（尾款阶段支付）`
                          : money(o.order.postage_price)}
                  </strong>
                </div>
                <label className="co-opt">
                  <span>
                    发票
                    <a className="co-opt__help" href="/privacy_agreement?type=sys_receipt_agree" target="_blank" rel="noopener">
                      发票须知
                    </a>
                  </span>
                  <select
                    aria-label="发票"
                    value={inv.receipt_type}
                    onChange={(e) => setKind(Number(e.currentTarget.value) as 0 | 1 | 2)}
                    data-invoice-kind={o.mer_id}
                  >
                    <option value={0}>不开发票</option>
                    <option value={1}>{INVOICE_TEXT.normal}</option>
                    <option value={2}>增值税专用发票</option>
                  </select>
                </label>
                {inv.receipt_type !== 0 && (
                  <InvoiceFields
                    inv={inv}
                    titles={titlesFor(p.invoiceTitles, inv.receipt_type)}
                    onPick={(t) => setInvoices({ ...invoices, [merId]: fromTitle(t, inv.receipt_type === 2 ? 2 : 1) })}
                    onChange={setInv}
                  />
                )}
                <label className="co-opt co-opt--wide">
                  <span>买家留言</span>
                  <input
                    type="text"
                    maxLength={200}
                    placeholder="选填，请先和商家协商一致"
                    value={marks[merId] ?? ''}
                    onChange={(e) => setMarks({ ...marks, [merId]: e.currentTarget.value })}
                  />
                </label>
              </div>
              <footer className="co-merchant__sum">
                共 {o.order.total_num} 件，店铺合计 <strong>{money(o.order.pay_price)}</strong>
              </footer>
            </article>
          );
        })}
      </section>

      <section className="checkout__block checkout__extras" aria-label="优惠与积分">
        <label className="co-opt">
          <span>
            平台优惠券
            <a className="co-opt__help" href="/privacy_agreement?type=sys_coupon_agree" target="_blank" rel="noopener">
              使用规则
            </a>
          </span>
          <select
            aria-label="平台优惠券"
            value={String(data.platformCoupon.find((c) => c.checked)?.coupon_user_id ?? '')}
            onChange={(e) => setCoupon(0, Number(e.currentTarget.value) || null)}
            disabled={busy || !data.platformCoupon.length}
            data-coupon-select="0"
          >
            <option value="">{data.platformCoupon.length ? '不使用平台券' : '暂无可用平台券'}</option>
            {data.platformCoupon.map((c) => (
              <option key={c.coupon_user_id} value={c.coupon_user_id} disabled={!!c.disabled_reason}>
                {c.coupon_title} {couponLabel(c, money)}
                {c.disabled_reason ? `（${c.disabled_reason}）` : ''}
              </option>
            ))}
          </select>
        </label>
        {data.openIntegral && (
          <label className="co-check">
            <input
              type="checkbox"
              checked={choice.useIntegral}
              disabled={busy || data.usable_integral <= 0}
              onChange={(e) => recheck({ ...choice, useCoupon: explicitCoupons(data), useIntegral: e.currentTarget.checked })}
            />
            <span>
              使用积分：共 {data.integral} 积分，本单可用 {data.usable_integral} 积分抵 {money(data.usable_integral_price)}
            </span>
          </label>
        )}
        {anyTake && (
          <fieldset className="co-pickup" ref={pickupBox}>
            <legend>提货人信息</legend>
            <label>
              姓名
              <input
                type="text"
                name="real_name"
                maxLength={25}
                value={pickup.real_name}
                aria-invalid={pickupBad === 'real_name' || undefined}
                onChange={(e) => {
                  setPickup({ ...pickup, real_name: e.currentTarget.value });
                  if (pickupBad === 'real_name') setPickupBad('');
                }}
              />
            </label>
            <label>
              手机号
              <input
                type="tel"
                name="phone"
                maxLength={20}
                value={pickup.phone}
                aria-invalid={pickupBad === 'phone' || undefined}
                onChange={(e) => {
                  setPickup({ ...pickup, phone: e.currentTarget.value });
                  if (pickupBad === 'phone') setPickupBad('');
                }}
              />
            </label>
          </fieldset>
        )}
        {hasPresell && (
          <label className="co-check">
            <input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.currentTarget.checked)} />
            <span>
              我已阅读并同意
              <a href="/privacy_agreement?type=sys_product_presell_agree" target="_blank" rel="noopener">
                《预售协议》
              </a>
              {hasDeposit ? '，预售商品定金支付后不予退还' : '，预售商品将按约定时间发货'}
            </span>
          </label>
        )}
      </section>

      {form && (
        <section className="checkout__block" aria-labelledby="co-form" ref={formBox} data-mer-form={form.form_id}>
          <div className="checkout__head">
            <h2 id="co-form">{form.name}</h2>
          </div>
          <OrderFormFields
            fields={form.value}
            value={answers}
            onChange={answer}
            error={formError}
            onUploading={(key, busy) => setUploads((u) => ({ ...u, [key]: busy }))}
          />
        </section>
      )}

      <aside className="checkout__summary" aria-label="订单结算">
        <dl>
          <div>
            <dt>商品件数</dt>
            <dd>{data.total_num} 件</dd>
          </div>
          <div>
            <dt>商品总价</dt>
            <dd>{money(data.total_price)}</dd>
          </div>
          {data.order_svip_discount !== '0.00' && (
            <div>
              <dt>会员优惠</dt>
              <dd>-{money(data.order_svip_discount)}</dd>
            </div>
          )}
          <div>
            <dt>店铺优惠</dt>
            <dd data-summary="coupon">-{money(data.order_coupon_price)}</dd>
          </div>
          <div>
            <dt>平台优惠</dt>
            <dd data-summary="platform">-{money(data.total_platform_coupon_price)}</dd>
          </div>
          {data.useIntegral && (
            <div>
              <dt>积分抵扣</dt>
              <dd>-{money(data.order_total_integral_price)}</dd>
            </div>
          )}
          <div>
            <dt>{hasDeposit && data.order_total_postage !== '0.00' ? '运费（尾款阶段支付）' : '运费'}</dt>
            <dd data-summary="postage">+{money(data.order_total_postage)}</dd>
          </div>
          {data.total_coupon !== '0.00' && (
            <div>
              <dt>共节省</dt>
              <dd data-summary="saved">{money(data.total_coupon)}</dd>
            </div>
          )}
          {data.presell_final_price !== '0.00' && (
            <div>
              <dt>尾款（尾款阶段支付）</dt>
              <dd data-summary="balance">{money(data.presell_final_price)}</dd>
            </div>
          )}
        </dl>
        <p className="checkout__pay">
          {data.presell_final_price !== '0.00' ? '本次应付（定金）' : '应付总额'}：
          <strong data-summary="pay">{money(data.order_price)}</strong>
          {!p.currency.base && <small>（实付 {charged(data.order_price)}）</small>}
        </p>
        {data.address && data.order.some((o) => !o.order.isTake) && (
          <p className="checkout__ship">
            寄送至：{data.address.address}　收货人：{data.address.real_name} {data.address.phone}
          </p>
        )}
        {data.status === 'noDeliver' && <p className="checkout__warn">部分商品不在配送范围内，请更换收货地址或移除这些商品</p>}
        <button
          type="button"
          className="btn btn--primary checkout__submit"
          onClick={submit}
          disabled={submitting || busy}
          aria-busy={submitting}
        >
          {submitting ? '提交中…' : '提交订单'}
        </button>
      </aside>
    </div>
  );
}

function InvoiceFields({
  inv,
  titles,
  onPick,
  onChange,
}: {
  inv: InvoiceDraft;
  titles: InvoiceTitleDto[];
  onPick: (t: InvoiceTitleDto) => void;
  onChange: (patch: Partial<InvoiceDraft>) => void;
}) {
  const field = (key: keyof InvoiceDraft, label: string, max: number) => (
    <label>
      {label}
      <input type="text" maxLength={max} value={String(inv[key] ?? '')} onChange={(e) => onChange({ [key]: e.currentTarget.value })} />
    </label>
  );
  const company = inv.receipt_type === 2 || inv.receipt_title_type === 2;
  return (
    <fieldset className="co-invoice">
      <legend>{inv.receipt_type === 2 ? INVOICE_TEXT.vat : INVOICE_TEXT.normal}</legend>
      {titles.length > 0 && (
        <label className="co-invoice__saved">
          已保存的抬头
          <select
            value=""
            onChange={(e) => {
              const t = titles.find((x) => x.user_receipt_id === Number(e.currentTarget.value));
              if (t) onPick(t);
            }}
          >
            <option value="">选择已保存的发票抬头填入</option>
            {titles.map((t) => (
              <option key={t.user_receipt_id} value={t.user_receipt_id}>
                {t.receipt_title}
                {t.is_default === 1 ? '（默认）' : ''}
              </option>
            ))}
          </select>
        </label>
      )}
      {inv.receipt_type === 1 && (
        <div className="co-invoice__kind">
          <label>
            <input type="radio" checked={inv.receipt_title_type !== 2} onChange={() => onChange({ receipt_title_type: 1 })} /> 个人
          </label>
          <label>
            <input type="radio" checked={inv.receipt_title_type === 2} onChange={() => onChange({ receipt_title_type: 2 })} /> 企业
          </label>
        </div>
      )}
      {field('receipt_title', company ? '单位名称' : '发票抬头', INVOICE_MAX.receipt_title)}
      {company && field('duty_paragraph', '纳税人识别号', INVOICE_MAX.duty_paragraph)}
      {inv.receipt_type === 1 && field('email', '收票邮箱', INVOICE_MAX.email)}
      {inv.receipt_type === 2 && (
        <>
          {field('bank_name', '开户银行', INVOICE_MAX.bank_name)}
          {field('bank_code', '银行账号', INVOICE_MAX.bank_code)}
          {field('address', '注册地址', INVOICE_MAX.address)}
          {field('tel', '注册电话', INVOICE_MAX.tel)}
        </>
      )}
    </fieldset>
  );
}
