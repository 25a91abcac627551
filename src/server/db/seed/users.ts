/** Demo shoppers. The password of each is `mall123456` (shown in README for trying the mall). */
export const DEMO_PASSWORD = 'mall123456';

export const demoUsers = [
  {
    uid: 1,
    phoneCode: '86',
    phone: '13800138000',
    nickname: '会员小米',
    avatar: '/images/avatar-1.svg',
    isOpenMember: true,
    isMoneyLevel: 1,
  },
  {
    uid: 2,
    phoneCode: '86',
    phone: '13900139000',
    nickname: '普通买家',
    avatar: '/images/avatar-2.svg',
    isOpenMember: false,
    isMoneyLevel: 0,
  },
  {
    uid: 3,
    phoneCode: '1',
    phone: '2025550123',
    nickname: 'Alice',
    avatar: '/images/avatar-2.svg',
    isOpenMember: true,
    isMoneyLevel: 0,
  },
];

/** Cart lines of the member (3 items across 2 lines); product ids refer to the catalogue seed. */
export const demoCart = [
  { cartId: 1, uid: 1, productId: 1, productAttrUnique: 'demo-sku-1', cartNum: 2 },
  { cartId: 2, uid: 1, productId: 2, productAttrUnique: 'demo-sku-2', cartNum: 1 },
];
