// @vitest-environment happy-dom
// The favourite cards of /user/collect: one that can still be bought opens its page; a delisted one says 已下架,
// links nowhere (its page is a 404) and can still be removed.
import { describe, it, expect, vi, afterEach } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import FavouriteProducts, { type FavouriteItem } from './FavouriteProducts.tsx';

const removeFavourites = vi.hoisted(() => vi.fn(async () => ({ data: { removed: 1 }, message: 'ok' })));
vi.mock('../../client/relation.ts', () => ({ removeFavourites }));
vi.mock('../../client/toast.ts', () => ({ toast: vi.fn() }));

const onSale: FavouriteItem = { productId: 3, name: '保温杯', image: '/a.jpg', href: '/goods_detail/3', price: '¥59.00', fail: '' };
const delisted: FavouriteItem = { productId: 7, name: '旧款台灯', image: '/b.jpg', href: null, price: '¥88.00', fail: '已下架' };

afterEach(() => {
  cleanup();
  removeFavourites.mockClear();
});

describe('FavouriteProducts', () => {
  it('links a favourite on sale to its page with 查看', () => {
    const { container } = render(<FavouriteProducts items={[onSale]} />);
    const card = within(container.querySelector<HTMLElement>('[data-favourite="3"]')!);
    expect(card.getByRole('link', { name: '查看' }).getAttribute('href')).toBe('/goods_detail/3');
    for (const a of card.getAllByRole('link', { name: '保温杯' })) expect(a.getAttribute('href')).toBe('/goods_detail/3');
  });

  it('shows a delisted favourite as 已下架 with no link, and 取消收藏 still removes it', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const { container } = render(<FavouriteProducts items={[onSale, delisted]} />);
    const el = container.querySelector<HTMLElement>('[data-favourite="7"]')!;
    expect(el.hasAttribute('data-fail')).toBe(true);
    expect(el.textContent).toContain('已下架');
    expect(el.querySelectorAll('a')).toHaveLength(0);
    expect(within(el).queryByText('查看')).toBeNull();
    fireEvent.click(within(el).getByRole('button', { name: '取消收藏旧款台灯' }));
    await vi.waitFor(() => expect(removeFavourites).toHaveBeenCalledWith([7]));
    await vi.waitFor(() => expect(reload).toHaveBeenCalled());
    vi.unstubAllGlobals();
    expect(screen.getAllByRole('link', { name: '查看' })).toHaveLength(1);
  });
});
