import { useEffect, useRef, useState } from 'react';
import { addressApi } from '../../client/address.ts';
import { ApiError } from '../../client/api.ts';
import { toast } from '../../client/toast.ts';
import type { AddressDto } from '../../shared/dto.ts';
import { LOGIN_REQUIRED } from '../../shared/messages.ts';
import { AddressDialog } from './AddressDialog.tsx';

interface Props {
  address: AddressDto;
  shipTo: string;
}

/** A card's 设为默认, 编辑 (the form in a dialog) and 删除 (after a confirmation); the page reloads after each. */
export default function AddressActions({ address, shipTo }: Props) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirmRef = useRef<HTMLDialogElement>(null);
  const who = address.real_name;

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
    <div className="address-card__actions">
      {address.is_default !== 1 && (
        <button
          type="button"
          className="link-btn"
          disabled={busy}
          aria-label={`将${who}的地址设为默认`}
          onClick={() => run(() => addressApi.setDefault(address.address_id))}
        >
          设为默认
        </button>
      )}
      <button type="button" className="link-btn" aria-label={`编辑${who}的地址`} onClick={() => setEditing(true)}>
        编辑
      </button>
      <button type="button" className="link-btn" aria-label={`删除${who}的地址`} onClick={() => setConfirming(true)}>
        删除
      </button>
      <AddressDialog open={editing} initial={address} shipTo={shipTo} onClose={() => setEditing(false)} onSaved={() => location.reload()} />
      <dialog
        ref={confirmRef}
        className="address-confirm"
        role="alertdialog"
        aria-label="删除收货地址"
        onClose={() => setConfirming(false)}
      >
        {confirming && (
          <>
            <p>确定删除这个收货地址吗？删除后不可恢复。</p>
            <div className="address-confirm__actions">
              <button type="button" className="btn" onClick={() => setConfirming(false)}>
                取消
              </button>
              <button
                type="button"
                className="btn btn--primary"
                disabled={busy}
                onClick={() => run(() => addressApi.remove(address.address_id))}
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
