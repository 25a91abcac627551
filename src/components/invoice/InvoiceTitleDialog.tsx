import { useEffect, useRef } from 'react';
import type { InvoiceTitleDto } from '../../shared/invoice.ts';
import { InvoiceTitleForm } from './InvoiceTitleForm.tsx';

interface Props {
  open: boolean;
  initial?: InvoiceTitleDto | null;
  onClose: () => void;
  onSaved: (title: InvoiceTitleDto, message: string) => void;
}

/** The invoice title form in a native modal dialog, mounted only while open (each opening starts from the saved title). */
export function InvoiceTitleDialog({ open, initial, onClose, onSaved }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const title = initial ? '编辑发票抬头' : '新增发票抬头';
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog ref={ref} className="invoice-dialog" aria-label={title} onClose={onClose}>
      {open && (
        <div className="invoice-dialog__body">
          <header className="invoice-dialog__head">
            <h2>{title}</h2>
            <button type="button" className="invoice-dialog__close" aria-label="关闭" onClick={onClose}>
              ×
            </button>
          </header>
          <InvoiceTitleForm initial={initial} onSaved={onSaved} onCancel={onClose} />
        </div>
      )}
    </dialog>
  );
}
