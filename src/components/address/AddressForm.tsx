import { useId, useState } from 'react';
import { addressApi } from '../../client/address.ts';
import { ApiError } from '../../client/api.ts';
import type { AddressDto, AreaNodeDto } from '../../shared/dto.ts';
import { LOGIN_REQUIRED } from '../../shared/messages.ts';
import { MAINLAND, addressInput, addressText, needsPostCode, type AddressInput } from '../../shared/schemas/address.ts';
import { CountryPicker } from './CountryPicker.tsx';
import { RegionPicker } from './RegionPicker.tsx';

interface Props {
  /** The address to edit; none for a new one. */
  initial?: AddressDto | null;
  /** The shopper's ship-to country (the `locale` cookie): a new address starts there. */
  shipTo: string;
  /** After the server saved it: the address as stored and the server's message (添加成功 / 修改成功). */
  onSaved: (address: AddressDto, message: string) => void;
  onCancel?: () => void;
}

interface Fields {
  country: string;
  area: AreaNodeDto[];
  areaComplete: boolean;
  province: string;
  city: string;
  district: string;
  post_code: string;
  real_name: string;
  phone: string;
  detail: string;
  is_default: boolean;
}

function fieldsOf(initial: AddressDto | null | undefined, shipTo: string): Fields {
  const overseas = !!initial && initial.country !== MAINLAND;
  return {
    country: initial?.country ?? shipTo,
    area: initial?.area ?? [],
    areaComplete: !!initial?.area.length,
    province: overseas ? initial.province : '',
    city: overseas ? initial.city : '',
    district: overseas ? initial.district : '',
    post_code: initial?.post_code ?? '',
    real_name: initial?.real_name ?? '',
    phone: initial?.phone ?? '',
    detail: initial?.detail ?? '',
    is_default: initial?.is_default === 1,
  };
}

/** The request body of `POST /api/user/address/create` for these fields. */
function bodyOf(f: Fields, addressId: number): AddressInput {
  const common = { address_id: addressId, country: f.country, real_name: f.real_name, phone: f.phone, detail: f.detail };
  const is_default = f.is_default ? 1 : 0;
  if (f.country === MAINLAND) return { ...common, area: f.area, city_id: f.area.at(-1)?.id ?? 0, post_code: f.post_code, is_default };
  return { ...common, area: [], province: f.province, city: f.city, district: f.district, post_code: f.post_code, is_default };
}

/** What the server would refuse first, checked before sending (the server checks again, and the phone itself). */
function problemOf(f: Fields): string | null {
  if (f.country === MAINLAND) {
    if (!f.area.length) return addressText.area;
    if (!f.areaComplete) return addressText.areaIncomplete;
  } else {
    if (!f.province.trim()) return addressText.province;
    if (!f.city.trim()) return addressText.city;
    if (!f.post_code.trim() && needsPostCode(f.country)) return addressText.postCode;
  }
  const r = addressInput.safeParse(bodyOf(f, 0));
  return r.success ? null : (r.error.issues[0]?.message ?? '参数错误');
}

/**
 * Add or edit a delivery address: the mainland form with the 4-level region picker, or the overseas one (region,
 * city, postcode) when the address's country is not mainland China; a new address starts in the ship-to
 * country, and the country can be switched. Used by the address page and, later, checkout.
 */
export function AddressForm({ initial, shipTo, onSaved, onCancel }: Props) {
  const id = useId();
  const [f, setF] = useState(() => fieldsOf(initial, shipTo));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  // Once a message shows, each change checks again: a fixed field's message goes, the next problem shows.
  const set = (patch: Partial<Fields>) => {
    setF((old) => ({ ...old, ...patch }));
    if (error) setError(problemOf({ ...f, ...patch }) ?? '');
  };
  const mainland = f.country === MAINLAND;
  const wasDefault = initial?.is_default === 1;

  function switchCountry(country: string) {
    if (country === f.country) return;
    set({ country, area: [], areaComplete: false, province: '', city: '', district: '', post_code: '' });
    setError('');
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (busy) return;
    const problem = problemOf(f);
    if (problem) return setError(problem);
    setBusy(true);
    setError('');
    try {
      const { data, message } = await addressApi.save(bodyOf(f, initial?.address_id ?? 0));
      onSaved(data, message);
    } catch (err) {
      if (!(err instanceof ApiError && err.message === LOGIN_REQUIRED))
        setError(err instanceof ApiError ? err.message : '保存失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  }

  const field = (name: string) => `${id}-${name}`;
  return (
    <form className="address-form" onSubmit={submit} noValidate aria-label={initial ? '编辑收货地址' : '新增收货地址'}>
      <div className="address-form__row">
        <span className="address-form__label">国家/地区</span>
        <CountryPicker value={f.country} onChange={switchCountry} />
      </div>
      {mainland ? (
        <div className="address-form__row">
          <span className="address-form__label">所在地区</span>
          <RegionPicker
            value={f.area}
            invalid={error === addressText.area || error === addressText.areaIncomplete}
            onChange={(v) => set({ area: v.nodes, areaComplete: v.complete })}
          />
        </div>
      ) : (
        <>
          <div className="address-form__row">
            <label className="address-form__label" htmlFor={field('province')}>
              省/州/地区
            </label>
            <input
              id={field('province')}
              className="address-form__input"
              value={f.province}
              maxLength={50}
              autoComplete="address-level1"
              placeholder="如 California / NY"
              onChange={(e) => set({ province: e.target.value })}
            />
          </div>
          <div className="address-form__row">
            <label className="address-form__label" htmlFor={field('city')}>
              城市
            </label>
            <input
              id={field('city')}
              className="address-form__input"
              value={f.city}
              maxLength={50}
              autoComplete="address-level2"
              onChange={(e) => set({ city: e.target.value })}
            />
          </div>
          <div className="address-form__row">
            <label className="address-form__label" htmlFor={field('district')}>
              区/县<small>（选填）</small>
            </label>
            <input
              id={field('district')}
              className="address-form__input"
              value={f.district}
              maxLength={50}
              autoComplete="address-level3"
              onChange={(e) => set({ district: e.target.value })}
            />
          </div>
          <div className="address-form__row">
            <label className="address-form__label" htmlFor={field('post_code')}>
              邮政编码{!needsPostCode(f.country) && <small>（选填）</small>}
            </label>
            <input
              id={field('post_code')}
              className="address-form__input address-form__input--short"
              value={f.post_code}
              maxLength={12}
              autoComplete="postal-code"
              onChange={(e) => set({ post_code: e.target.value })}
            />
          </div>
        </>
      )}
      <div className="address-form__row">
        <label className="address-form__label" htmlFor={field('detail')}>
          详细地址
        </label>
        <input
          id={field('detail')}
          className="address-form__input"
          value={f.detail}
          maxLength={120}
          autoComplete="street-address"
          placeholder={mainland ? '如道路、门牌号、小区、楼栋号、单元室等' : 'Street address, apartment, suite'}
          onChange={(e) => set({ detail: e.target.value })}
        />
      </div>
      <div className="address-form__row">
        <label className="address-form__label" htmlFor={field('real_name')}>
          收货人
        </label>
        <input
          id={field('real_name')}
          className="address-form__input address-form__input--short"
          value={f.real_name}
          maxLength={25}
          autoComplete="name"
          placeholder="请输入收货人姓名"
          onChange={(e) => set({ real_name: e.target.value })}
        />
      </div>
      <div className="address-form__row">
        <label className="address-form__label" htmlFor={field('phone')}>
          手机号码
        </label>
        <input
          id={field('phone')}
          className="address-form__input address-form__input--short"
          type="tel"
          value={f.phone}
          maxLength={30}
          autoComplete="tel"
          placeholder={mainland ? '请输入手机号' : '请输入手机号，可带国际区号如 +1'}
          onChange={(e) => set({ phone: e.target.value })}
        />
      </div>
      <div className="address-form__row">
        <span className="address-form__label" />
        <label className="address-form__check">
          <input
            type="checkbox"
            checked={f.is_default || wasDefault}
            disabled={wasDefault}
            onChange={(e) => set({ is_default: e.target.checked })}
          />
          设为默认地址{wasDefault && <small>（当前默认地址；将其他地址设为默认即可更换）</small>}
        </label>
      </div>
      {error && (
        <p className="address-form__error" role="alert">
          {error}
        </p>
      )}
      <div className="address-form__actions">
        {onCancel && (
          <button type="button" className="btn" onClick={onCancel}>
            取消
          </button>
        )}
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? '保存中...' : '保存'}
        </button>
      </div>
    </form>
  );
}
