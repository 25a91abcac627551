import { useEffect, useRef, useState } from 'react';
import { Flag } from '../ui/Flag.tsx';
import { useRemoteOptions, type CountryOption } from '../layout/use-remote-options.ts';
import { countryName } from '../../shared/address.ts';
import { MAINLAND } from '../../shared/schemas/address.ts';

interface Props {
  value: string;
  onChange: (code: string) => void;
}

/** The address's country: the current one with its flag, and a searchable list (the ship-to picker's) to switch. */
export function CountryPicker({ value, onChange }: Props) {
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const options = useRemoteOptions<CountryOption>('/api/config/country/options', keyword, open);
  const root = useRef<HTMLDivElement>(null);
  const search = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!open) return;
    search.current?.focus();
    const away = (e: PointerEvent) => !root.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);

  const label = value === MAINLAND ? '中国大陆' : countryName(value);
  return (
    <div className="country-picker" ref={root}>
      <button
        type="button"
        className="country-picker__current"
        aria-expanded={open}
        aria-label={`国家/地区：${label}，点击更换`}
        onClick={() => setOpen(!open)}
      >
        <Flag code={value} />
        {label} <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div
          className="phone-field__menu country-picker__menu"
          role="group"
          aria-label="选择国家/地区"
          onKeyDown={(e) => {
            // Escape closes this list, not the dialog around the form.
            if (e.key === 'Escape') {
              e.preventDefault();
              e.stopPropagation();
              setOpen(false);
            }
          }}
        >
          <input
            ref={search}
            type="search"
            className="locale__search"
            placeholder="搜索国家/地区"
            aria-label="搜索国家/地区"
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            maxLength={50}
          />
          <ul className="locale__list" aria-label="国家/地区列表">
            {options.list.map((c) => (
              <li key={c.value}>
                <button
                  type="button"
                  className="locale__option"
                  aria-pressed={c.value === value}
                  onClick={() => {
                    onChange(c.value);
                    setOpen(false);
                  }}
                >
                  <Flag code={c.value} lazy />
                  {c.value === MAINLAND ? '中国大陆' : c.label}
                </button>
              </li>
            ))}
            {options.message && <li className="locale__empty">{options.message}</li>}
          </ul>
        </div>
      )}
    </div>
  );
}
