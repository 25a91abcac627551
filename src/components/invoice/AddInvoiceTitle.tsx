import { useState } from 'react';
import { toast } from '../../client/toast.ts';
import { INVOICE_TEXT } from '../../shared/invoice.ts';
import { InvoiceTitleDialog } from './InvoiceTitleDialog.tsx';

/** "新增发票抬头" on /user/invoice_list: the form in a dialog; the page shows the saved title after a reload. */
export default function AddInvoiceTitle({ full }: { full: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn--primary"
        aria-disabled={full || undefined}
        onClick={() => (full ? toast(INVOICE_TEXT.limit) : setOpen(true))}
      >
        新增发票抬头
      </button>
      <InvoiceTitleDialog open={open} onClose={() => setOpen(false)} onSaved={() => location.reload()} />
    </>
  );
}
