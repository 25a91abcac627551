import { useEffect, useState } from 'react';
import { ApiError } from '../../client/api.ts';
import { removeFavourites } from '../../client/relation.ts';
import { toast } from '../../client/toast.ts';
import { LOGIN_REQUIRED } from '../../shared/messages.ts';

/** One favourite card as the page gives it: the price already in the shopper's currency. */
export interface FavouriteItem {
  productId: number;
  name: string;
  image: string;
  /** Its detail page; null once it can no longer be bought (a delisted product's page is gone: no dead link). */
  href: string | null;
  price: string;
  /** 已下架 / 已失效, or '' while it can be bought. */
  fail: string;
}

interface Props {
  items: FavouriteItem[];
}

/**
 * The product favourites of `/user/collect`: cards with 查看 and 取消收藏, and a check box on each so several go at
 * once (全选, 取消收藏 (n)). One that can no longer be bought shows why (已下架 / 已失效) and links nowhere: only
 * 取消收藏 is left. The page reloads after a removal, so the list and its pages are the server's.
 */
export default function FavouriteProducts({ items }: Props) {
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const all = items.length > 0 && picked.size === items.length;

  function toggle(id: number) {
    setPicked((old) => {
      const next = new Set(old);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  async function remove(ids: number[]) {
    if (busy || !ids.length) return;
    setBusy(true);
    try {
      await removeFavourites(ids);
      toast('已取消收藏');
      location.reload();
    } catch (err) {
      setBusy(false);
      if (!(err instanceof ApiError && err.message === LOGIN_REQUIRED))
        toast(err instanceof ApiError ? err.message : '操作失败，请稍后重试');
    }
  }

  return (
    <div className="favourites" data-ready={ready || undefined}>
      <div className="favourites__bar">
        <label className="favourites__all">
          <input type="checkbox" checked={all} onChange={() => setPicked(all ? new Set() : new Set(items.map((i) => i.productId)))} />
          全选
        </label>
        <span className="favourites__picked">已选 {picked.size} 件</span>
        <button type="button" className="btn" disabled={busy || picked.size === 0} onClick={() => remove([...picked])}>
          取消收藏{picked.size > 0 ? ` (${picked.size})` : ''}
        </button>
      </div>
      <ul className="favourites__grid">
        {items.map((item) => {
          const picture = (
            <>
              <img src={item.image} alt={item.name} width="200" height="200" loading="lazy" decoding="async" />
              {item.fail && <span className="favourite-card__fail">{item.fail}</span>}
            </>
          );
          return (
            <li key={item.productId}>
              <article className="favourite-card" data-favourite={item.productId} data-fail={item.fail ? '' : undefined}>
                <label className="favourite-card__pick">
                  <input type="checkbox" checked={picked.has(item.productId)} onChange={() => toggle(item.productId)} />
                  <span className="sr-only">选择{item.name}</span>
                </label>
                {item.href ? (
                  <a className="favourite-card__img" href={item.href} tabIndex={-1}>
                    {picture}
                  </a>
                ) : (
                  <div className="favourite-card__img">{picture}</div>
                )}
                <h2 className="favourite-card__name">{item.href ? <a href={item.href}>{item.name}</a> : item.name}</h2>
                <p className="favourite-card__price">
                  {item.fail ? <span className="favourite-card__state">{item.fail}</span> : item.price}
                </p>
                <div className="favourite-card__actions">
                  {item.href && (
                    <a className="btn btn--ghost" href={item.href}>
                      查看
                    </a>
                  )}
                  <button
                    type="button"
                    className="btn"
                    disabled={busy}
                    aria-label={`取消收藏${item.name}`}
                    onClick={() => remove([item.productId])}
                  >
                    取消收藏
                  </button>
                </div>
              </article>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
