import { useState } from 'react';
import { toast } from '../../client/toast.ts';
import { addressText } from '../../shared/schemas/address.ts';
import { AddressDialog } from './AddressDialog.tsx';

interface Props {
  /** The shopper's ship-to country: the new address starts there. */
  shipTo: string;
  /** The shopper has the most addresses allowed. */
  full: boolean;
}

/** "新增收货地址" on the address page: opens the form in a dialog; the page shows the saved address after a reload. */
export default function AddAddress({ shipTo, full }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn--primary"
        aria-disabled={full || undefined}
        onClick={() => (full ? toast(addressText.limit) : setOpen(true))}
      >
        新增收货地址
      </button>
      <AddressDialog open={open} shipTo={shipTo} onClose={() => setOpen(false)} onSaved={() => location.reload()} />
    </>
  );
}
