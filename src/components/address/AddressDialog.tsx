import type { AddressDto } from '../../shared/dto.ts';
import { FormDialog } from '../ui/Modal.tsx';
import { AddressForm } from './AddressForm.tsx';

interface Props {
  open: boolean;
  /** The address to edit; none for a new one. */
  initial?: AddressDto | null;
  shipTo: string;
  onClose: () => void;
  onSaved: (address: AddressDto, message: string) => void;
}

/** The address form in a modal dialog, mounted only while open (each opening starts from the address as saved). */
export function AddressDialog({ open, initial, shipTo, onClose, onSaved }: Props) {
  return (
    <FormDialog open={open} title={initial ? '编辑收货地址' : '新增收货地址'} onClose={onClose}>
      <AddressForm initial={initial} shipTo={shipTo} onSaved={onSaved} onCancel={onClose} />
    </FormDialog>
  );
}
