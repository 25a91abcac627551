import { addressApi } from '../../client/address.ts';
import type { AddressDto } from '../../shared/dto.ts';
import SavedItemActions from '../ui/SavedItemActions.tsx';
import { AddressDialog } from './AddressDialog.tsx';

interface Props {
  address: AddressDto;
  shipTo: string;
}

/** An address card's 设为默认, 编辑 and 删除 (see SavedItemActions). */
export default function AddressActions({ address, shipTo }: Props) {
  const who = address.real_name;
  return (
    <SavedItemActions
      className="address-card__actions"
      isDefault={address.is_default === 1}
      labels={{ setDefault: `将${who}的地址设为默认`, edit: `编辑${who}的地址`, remove: `删除${who}的地址` }}
      confirm={{ label: '删除收货地址', text: '确定删除这个收货地址吗？删除后不可恢复。' }}
      setDefault={() => addressApi.setDefault(address.address_id)}
      remove={() => addressApi.remove(address.address_id)}
      editor={(open, close) => (
        <AddressDialog open={open} initial={address} shipTo={shipTo} onClose={close} onSaved={() => location.reload()} />
      )}
    />
  );
}
