import { useEffect, useRef, useState } from 'react';
import { Flag } from '../ui/Flag.tsx';
import { placeholders } from '../../shared/schemas/auth.ts';
import { useRemoteOptions, type CountryOption } from '../layout/use-remote-options.ts';

interface Props {
  id: string;
  phoneCode: string;
  phone: string;
  onPhoneCode: (code: string) => void;
  onPhone: (phone: string) => void;
}

/** Phone input with a searchable country dropdown (flag, country name, calling code) loaded remotely. */
export function PhoneField({ id, phoneCode, phone, onPhoneCode, onPhone }: Props) {
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

  return (
    <div className="phone-field" ref={root}>
      <button
        type="button"
        className="phone-field__code"
        aria-expanded={open}
        aria-label={`地区号 +${phoneCode}，点击选择国家/地区`}
        onClick={() => setOpen(!open)}
        data-phone-code
      >
        +{phoneCode} <span aria-hidden="true">▾</span>
      </button>
      <input
        id={id}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={15}
        placeholder={placeholders.phone}
        aria-label="手机号"
        value={phone}
        onChange={(e) => onPhone(e.target.value.replace(/\D/g, ''))}
      />
      {open && (
        <div
          className="phone-field__menu"
          role="group"
          aria-label="选择国家/地区"
          onKeyDown={(e) => {
            // Escape closes this menu, not the whole dialog.
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
            placeholder="搜索国家/地区或区号"
            aria-label="搜索国家/地区"
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            maxLength={50}
          />
          <ul className="locale__list" aria-label="国家/地区区号">
            {options.list.map((c) => (
              <li key={c.value}>
                <button
                  type="button"
                  className="locale__option"
                  aria-pressed={c.phone_code === phoneCode}
                  onClick={() => {
                    onPhoneCode(c.phone_code);
                    setOpen(false);
                  }}
                >
                  <Flag code={c.value} lazy />
                  {c.label}
                  <small>+{c.phone_code}</small>
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
