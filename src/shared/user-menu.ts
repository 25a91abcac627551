import { url } from './routes.ts';

/** The user centre's left menu: only the pages that exist (later features add theirs here). */
export const userMenu = [{ label: '账户管理', href: url('user'), path: '/user' }] as const;
