import type { UserDto } from '../shared/dto.ts';
import { seedPage, type PageState } from './ui.ts';
import { $user, setUnreadNum } from './session.ts';
import { setCartCount } from './cart.ts';

/** What the server-rendered page hands to the browser stores (layouts/shell-state.ts writes it). */
export interface ShellState {
  page: Partial<PageState>;
  user: UserDto | null;
  cartCount: number;
  /** The shopper's unread customer-service messages (spec section 3 `unreadNum`); 0 for visitors. */
  unreadNum: number;
  /** The page is the shared visitor page with this shopper's header put in: their marks on it come from /api/user/marks. */
  shared?: boolean;
}

export function seedStores(s: ShellState): void {
  seedPage(s.page);
  $user.set(s.user);
  setCartCount(s.cartCount);
  setUnreadNum(s.unreadNum);
}
