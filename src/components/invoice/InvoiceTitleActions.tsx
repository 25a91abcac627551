import { useEffect, useRef, useState } from 'react';
import { invoiceApi } from '../../client/invoice.ts';
import { ApiError } from '../../client/api.ts';
import { toast } from '../../client/toast.ts';
import type { InvoiceTitleDto } from '../../shared/invoice.ts';
import { LOGIN_REQUIRED } from '../../shared/messages.ts';
import { InvoiceTitleDialog } from './InvoiceTitleDialog.tsx';

/** A saved title's 设为默认, 编辑 (the form in a dialog) and 删除 (after a confirmation); the page reloads after each. */
export default function InvoiceTitleActions({ title }: { title: InvoiceTitleDto }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirmRef = useRef<HTMLDialogElement>(null);
  const who = title.receipt_title;

  useEffect(() => {
    const d = confirmRef.current;
    if (confirming && d && !d.open) d.showModal();
    if (!confirming && d?.open) d.close();
  }, [confirming]);

  async function run(call: () => Promise<unknown>) {
    if (busy) return;
    setBusy(true);
    try {
      await call();
      location.reload();
    } catch (err) {
      setBusy(false);
      setConfirming(false);
      if (!(err instanceof ApiError && err.message === LOGIN_REQUIRED))
        toast(err instanceof ApiError ? err.message : '操作失败，请稍后重试');
    }
  }

  return (
    <div className="invoice-title__actions">
      {title.is_default !== 1 && (
        <button
          type="button"
          className="link-btn"
          disabled={busy}
          aria-label={`将“${who}”设为默认抬头`}
          onClick={() => run(() => invoiceApi.setDefault(title.user_receipt_id))}
        >
          设为默认
        </button>
      )}
      <button type="button" className="link-btn" aria-label={`编辑“${who}”`} onClick={() => setEditing(true)}>
        编辑
      </button>
      <button type="button" className="link-btn" aria-label={`删除“${who}”`} onClick={() => setConfirming(true)}>
        删除
      </button>
      <InvoiceTitleDialog open={editing} initial={title} onClose={() => setEditing(false)} onSaved={() => location.reload()} />
      <dialog
        ref={confirmRef}
        className="invoice-confirm"
        role="alertdialog"
        aria-label="删除发票抬头"
        onClose={() => setConfirming(false)}
      >
        {confirming && (
          <>
            <p>确定删除发票抬头“{who}”吗？已申请的发票不受影响。</p>
            <div className="invoice-confirm__actions">
              <button type="button" className="btn" onClick={() => setConfirming(false)}>
                取消
              </button>
              <button
                type="button"
                className="btn btn--primary"
                disabled={busy}
                onClick={() => run(() => invoiceApi.remove(title.user_receipt_id))}
              >
                确定删除
              </button>
            </div>
          </>
        )}
      </dialog>
    </div>
  );
}
