import { useEffect, useRef, useState } from 'react';
import { get, ApiError } from '../../client/api.ts';
import { saveLocale } from '../../client/cookies.ts';
import { Flag } from '../ui/Flag.tsx';
import { currencyLabel, type Locale } from '../../shared/locale.ts';
import { useRemoteOptions, type CountryOption, type CurrencyOption, type OptionPage } from './use-remote-options.ts';

interface Props {
  locale: Locale;
  countryName: string;
}

/**
 * Ship-to country and currency picker (spec sections 2 and 4). Both lists are searched remotely as the
 * shopper types; picking a country also picks its currency; confirming saves the `locale` cookie and reloads.
 */
export default function LocalePicker({ locale, countryName }: Props) {
  const [open, setOpen] = useState(false);
  const [country, setCountry] = useState({ code: locale.country, name: countryName });
  const [currency, setCurrency] = useState({ code: locale.currency, symbol: locale.symbol });
  const [countryKw, setCountryKw] = useState('');
  const [currencyKw, setCurrencyKw] = useState('');
  const [error, setError] = useState('');
  const countries = useRemoteOptions<CountryOption>('/api/config/country/options', countryKw, open);
  const currencies = useRemoteOptions<CurrencyOption>('/api/config/currency/options', currencyKw, open);
  const root = useRef<HTMLDivElement>(null);
  const firstField = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!open) return;
    firstField.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    const onDown = (e: PointerEvent) => !root.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onDown);
    };
  }, [open]);

  async function pickCountry(c: CountryOption) {
    setCountry({ code: c.value, name: c.label });
    setError('');
    try {
      const page = await get<OptionPage<CurrencyOption>>('/api/config/currency/options', { keyword: c.currency_code, page: 1, limit: 20 });
      const match = page.list.find((x) => x.value === c.currency_code);
      if (match) setCurrency({ code: match.value, symbol: match.symbol });
    } catch (e) {
      setError(e instanceof ApiError ? e.message : '币种加载失败');
    }
  }

  function confirm() {
    saveLocale({ country: country.code, currency: currency.code, symbol: currency.symbol });
    setOpen(false);
    location.reload();
  }

  return (
    <div className="locale" ref={root}>
      <button
        type="button"
        className="locale__trigger"
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => setOpen(!open)}
        data-locale-trigger
      >
        配送至：
        <Flag code={locale.country} className="flag locale__flag" />
        <span>{countryName}</span> / <span>{currencyLabel(locale.currency, locale.symbol)}</span>
      </button>
      {open && (
        <div className="locale__panel" role="dialog" aria-label="选择配送国家/地区和币种">
          <div className="locale__cols">
            <div>
              <label className="locale__label" htmlFor="locale-country">
                国家/地区：
                <Flag code={country.code} /> {country.name}
              </label>
              <input
                id="locale-country"
                ref={firstField}
                className="locale__search"
                type="search"
                placeholder="搜索国家/地区或区号"
                value={countryKw}
                onChange={(e) => setCountryKw(e.target.value)}
                maxLength={50}
              />
              <ul className="locale__list" aria-label="国家/地区列表">
                {countries.list.map((c) => (
                  <li key={c.value}>
                    <button type="button" className="locale__option" aria-pressed={c.value === country.code} onClick={() => pickCountry(c)}>
                      <Flag code={c.value} lazy />
                      {c.label}
                      <small>+{c.phone_code}</small>
                    </button>
                  </li>
                ))}
                {countries.message && <li className="locale__empty">{countries.message}</li>}
              </ul>
            </div>
            <div>
              <label className="locale__label" htmlFor="locale-currency">
                币种：{currencyLabel(currency.code, currency.symbol)}
              </label>
              <input
                id="locale-currency"
                className="locale__search"
                type="search"
                placeholder="搜索币种"
                value={currencyKw}
                onChange={(e) => setCurrencyKw(e.target.value)}
                maxLength={50}
              />
              <ul className="locale__list" aria-label="币种列表">
                {currencies.list.map((c) => (
                  <li key={c.value}>
                    <button
                      type="button"
                      className="locale__option"
                      aria-pressed={c.value === currency.code}
                      onClick={() => setCurrency({ code: c.value, symbol: c.symbol })}
                    >
                      {c.label}
                      <small>{currencyLabel(c.value, c.symbol)}</small>
                    </button>
                  </li>
                ))}
                {currencies.message && <li className="locale__empty">{currencies.message}</li>}
              </ul>
            </div>
          </div>
          {error && <p role="alert">{error}</p>}
          <div className="locale__actions">
            <button type="button" className="btn" onClick={() => setOpen(false)}>
              取消
            </button>
            <button type="button" className="btn btn--primary" onClick={confirm} data-locale-confirm>
              确定
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

// Its server markup depends on its props alone: rendered once per locale (src/integrations/react-whole.ts).
LocalePicker.serverRenderOnce = true;
