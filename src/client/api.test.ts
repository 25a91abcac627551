// @vitest-environment happy-dom
import { describe, it, expect, beforeEach } from 'vitest';
import Cookies from 'js-cookie';
import { interpret, onLoginRequired, ApiError } from './api.ts';
import { $page, $loginDialog, initialPageState } from '../stores/ui.ts';
import { $user, $loggedIn, $unreadNum } from '../stores/session.ts';
import { $cartCount } from '../stores/cart.ts';
import { seedStores } from '../stores/seed.ts';
import type { UserDto } from '../shared/dto.ts';

const LOGIN = '请登录';

function rejected(body: unknown) {
  const o = interpret(body);
  if (o.ok) throw new Error(`expected a rejection for ${JSON.stringify(body)}`);
  expect(o.error).toBeInstanceOf(ApiError);
  expect(o.error).toBeInstanceOf(Error);
  return { message: o.error.message, status: o.error.status, loginRequired: o.loginRequired };
}

describe('interpret(): the status rules of spec section 8', () => {
  it('returns the data on status 200', () => {
    expect(interpret({ status: 200, message: 'success', data: { count: 3 } })).toEqual({
      ok: true,
      data: { count: 3 },
      message: 'success',
    });
    expect(interpret({ status: 200, data: [{ keyword: '手机' }] })).toMatchObject({ ok: true, data: [{ keyword: '手机' }] });
  });

  it('returns a 200 without data as undefined data, not an error, with the message for a toast', () => {
    expect(interpret({ status: 200, message: '退出成功' })).toEqual({ ok: true, data: undefined, message: '退出成功' });
  });

  it.each([401, 402])('rejects %i with the message and never opens the login dialog, even for 请登录', (status) => {
    expect(rejected({ status, message: '签名错误' })).toEqual({ message: '签名错误', status, loginRequired: false });
    expect(rejected({ status, message: LOGIN })).toEqual({ message: LOGIN, status, loginRequired: false });
  });

  it.each([410000, 410001, 410002, 40000, 400])('rejects %i with the message', (status) => {
    expect(rejected({ status, message: '手机号格式不正确' })).toEqual({ message: '手机号格式不正确', status, loginRequired: false });
  });

  it.each([410000, 410001, 410002, 40000, 400])('asks for a login when %i comes with 请登录', (status) => {
    expect(rejected({ status, message: LOGIN })).toEqual({ message: LOGIN, status, loginRequired: true });
  });

  it('asks for a login only for the exact message 请登录', () => {
    expect(rejected({ status: 400, message: ' 请登录' }).loginRequired).toBe(false);
    expect(rejected({ status: 400, message: '请登录后再试' }).loginRequired).toBe(false);
  });

  it.each([403, 404, 409, 429, 500, 503, 300, 201])('carries message and status %i for other statuses, without a login', (status) => {
    expect(rejected({ status, message: '出错了' })).toEqual({ message: '出错了', status, loginRequired: false });
    expect(rejected({ status, message: LOGIN }).loginRequired).toBe(false);
  });

  it('defaults the status to 500 when the body has none', () => {
    expect(rejected({ message: '服务器错误' })).toEqual({ message: '服务器错误', status: 500, loginRequired: false });
  });

  it('defaults the status to 500 for a non-numeric string status, and reads a numeric string', () => {
    expect(rejected({ status: 'oops', message: 'x' }).status).toBe(500);
    expect(rejected({ status: '', message: 'x' }).status).toBe(500);
    expect(rejected({ status: '400', message: LOGIN })).toEqual({ message: LOGIN, status: 400, loginRequired: true });
  });

  it('defaults the status to 500 for zero, NaN or a non-number status', () => {
    for (const status of [0, Number.NaN, null, {}, []]) {
      expect(rejected({ status, message: 'x' }).status, String(status)).toBe(500);
    }
  });

  it.each([null, undefined, 'Bad Gateway', 42, true, []])('rejects a non-object or empty body %j with status 500 and a message', (body) => {
    const r = rejected(body);
    expect(r.status).toBe(500);
    expect(r.loginRequired).toBe(false);
    expect(r.message).toBeTruthy();
  });

  it('always has a message to show, even when the server sent none', () => {
    for (const message of [undefined, '', 12, null]) {
      const r = rejected({ status: 400, message });
      expect(r.message.length).toBeGreaterThan(0);
      expect(r.loginRequired).toBe(false);
    }
  });
});

describe('onLoginRequired(): spec section 4 session clearing', () => {
  const member: UserDto = {
    uid: 1,
    nickname: '会员小米',
    avatar: '/a.svg',
    phone: '138****8000',
    phone_code: '86',
    is_open_member: 1,
    is_money_level: 1,
    scope: 'user',
  };

  beforeEach(() => {
    Cookies.remove('fromPath', { path: '/' });
    localStorage.clear();
    seedStores({ page: {}, user: member, cartCount: 3, unreadNum: 2 });
    $loginDialog.set(false);
  });

  it('remembers the current path and query in the fromPath cookie', () => {
    history.pushState({}, '', '/user/order_list?type=1&page=2');
    onLoginRequired();
    expect(Cookies.get('fromPath')).toBe('/user/order_list?type=1&page=2');
  });

  it('remembers a Chinese query intact', () => {
    history.pushState({}, '', `/goods_search?title=${encodeURIComponent('手机 壳')}`);
    onLoginRequired();
    expect(Cookies.get('fromPath')).toBe(`/goods_search?title=${encodeURIComponent('手机 壳')}`);
  });

  it('clears local storage, drops the user and opens the login dialog', () => {
    localStorage.setItem('USER_INFO', JSON.stringify(member));
    localStorage.setItem('anything', '1');
    expect($loggedIn.get()).toBe(true);
    expect($unreadNum.get()).toBe(2);
    onLoginRequired();
    expect(localStorage.length).toBe(0);
    expect($user.get()).toBeNull();
    expect($loggedIn.get()).toBe(false);
    expect($loginDialog.get()).toBe(true);
    expect($cartCount.get()).toBe(0);
    expect($unreadNum.get()).toBe(0);
  });

  it('leaves the rest of the page state alone', () => {
    seedStores({
      page: { logoUrl: '/logo.svg', hotline: '400-820-8820', domain: 'http://mall.test' },
      user: member,
      cartCount: 3,
      unreadNum: 2,
    });
    onLoginRequired();
    expect($page.get()).toMatchObject({
      logoUrl: '/logo.svg',
      hotline: '400-820-8820',
      domain: 'http://mall.test/',
      headers: true,
      footers: true,
    });
    expect(initialPageState).toMatchObject({ headers: true, footers: true, banner: false });
  });
});
