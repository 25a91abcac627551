import { useEffect, useRef } from 'react';
import type { AddressDto } from '../../shared/dto.ts';
import { AddressForm } from './AddressForm.tsx';

interface Props {
  open: boolean;
  /** The address to edit; none for a new one. */
  initial?: AddressDto | null;
  shipTo: string;
  onClose: () => void;
  onSaved: (address: AddressDto, message: string) => void;
}

/**
 * The address form in a native modal dialog: focus moves in and stays, Escape closes it, the page behind is
 * inert. The form is mounted only while open, so every opening starts from the address as saved.
 */
export function AddressDialog({ open, initial, shipTo, onClose, onSaved }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const title = initial ? '编辑收货地址' : '新增收货地址';

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  return (
    <dialog ref={ref} className="address-dialog" aria-label={title} onClose={onClose}>
      {open && (
        <div className="address-dialog__body">
          <header className="address-dialog__head">
            <h2>{title}</h2>
            <button type="button" className="address-dialog__close" aria-label="关闭" onClick={onClose}>
              ×
            </button>
          </header>
          <AddressForm initial={initial} shipTo={shipTo} onSaved={onSaved} onCancel={onClose} />
        </div>
      )}
    </dialog>
  );
}
