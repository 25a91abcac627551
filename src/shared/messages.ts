/** Shopper-facing strings of the page shell, in one place so a second language can be added. */
export const LOGIN_REQUIRED = '请登录';

export const shellText = {
  bookmark: '收藏本站',
  bookmarkManual: 'Please press Ctrl+D to bookmark manually',
  mallHome: '商城首页',
  loginRegister: '登录/注册',
  logout: '退出',
  myOrders: '我的订单',
  myBalance: '我的余额',
  merchantSettled: '商家入驻',
  news: '新闻资讯',
  mobileMall: '手机商城',
  followHint: '关注官方公众号，手机逛商城',
  shipTo: '配送至',
  cart: '购物车',
  search: '搜索',
  searchPlaceholder: '搜索商品',
  hotline: '客服热线',
  closeBanner: '关闭横幅',
  offline: '网络已断开，部分功能暂不可用',
  loading: '加载中...',
  member: '会员',
  messages: '消息',
  /** A count on a badge (unread messages, a menu's figures): past 99 it says 99+. */
  badgeCount: (n: number) => (n > 99 ? '99+' : String(n)),
  /** The top bar's link to the shopper's chat conversations, for screen readers: `n` unread. */
  unreadMessages: (n: number) => (n > 0 ? `客服消息，${n}条未读` : '客服消息'),
} as const;

/** The four selling points of the footer (spec section 1). */
export const sellingPoints = [
  { title: '品类齐全', desc: '轻松购物', icon: 'wide' },
  { title: '多仓直发', desc: '极速配送', icon: 'fast' },
  { title: '正品行货', desc: '精致服务', icon: 'genuine' },
  { title: '天天低价', desc: '畅选无忧', icon: 'low' },
] as const;

/** Error page texts (spec section 2 "Error page"). */
export const errorText = {
  notFoundTitle: 'This page could not be found',
  notFound: 'Sorry, the page you visited went wrong',
  notFoundHint: '可能是网址输入有误，或该页面已被删除、不存在。',
  loadFailed: 'Load failed',
  badRequest: 'Bad request',
  badRequestHint: '请检查相关配置或稍后重试。',
  backHome: '返回首页',
  backPrevious: '返回上一页',
  /** Document titles of the error page, one per kind of status. */
  notFoundPageTitle: '页面不存在',
  loadFailedPageTitle: '加载失败',
  badRequestPageTitle: '请求有误',
} as const;
