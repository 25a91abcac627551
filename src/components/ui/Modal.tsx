import { useEffect, useRef, type ReactNode } from 'react';

/** Opens and closes a native `<dialog>` as `open` says (modal: focus moves in and stays, Escape closes it, the page behind is inert). */
function useModal(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return ref;
}

interface FormDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  /** The form; mounted only while open, so every opening starts from what is saved. */
  children: ReactNode;
}

/** A titled modal dialog with a close button around a form (the address and invoice-title editors). */
export function FormDialog({ open, title, onClose, children }: FormDialogProps) {
  const ref = useModal(open);
  return (
    <dialog ref={ref} className="modal" aria-label={title} onClose={onClose}>
      {open && (
        <div className="modal__body">
          <header className="modal__head">
            <h2>{title}</h2>
            <button type="button" className="modal__close" aria-label="关闭" onClick={onClose}>
              ×
            </button>
          </header>
          {children}
        </div>
      )}
    </dialog>
  );
}

interface ConfirmDialogProps {
  open: boolean;
  /** The dialog's accessible name (删除收货地址). */
  label: string;
  /** The question asked. */
  text: string;
  confirmText: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal yes/no question before something that cannot be undone. */
export function ConfirmDialog({ open, label, text, confirmText, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  const ref = useModal(open);
  return (
    <dialog ref={ref} className="modal modal--confirm" role="alertdialog" aria-label={label} onClose={onCancel}>
      {open && (
        <>
          <p>{text}</p>
          <div className="modal__actions">
            <button type="button" className="btn" onClick={onCancel}>
              取消
            </button>
            <button type="button" className="btn btn--primary" disabled={busy} onClick={onConfirm}>
              {confirmText}
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
