import { useEffect, useState } from 'react';
import { get, ApiError } from '../../client/api.ts';

import type { CountryOption, CurrencyOption, ListPage } from '../../shared/dto.ts';

export type { CountryOption, CurrencyOption };
export type OptionPage<T> = ListPage<T>;

/** First page (limit 20, spec section 9) of a remote option list, re-queried 250 ms after typing stops. */
export function useRemoteOptions<T>(path: string, keyword: string, enabled: boolean) {
  const [state, setState] = useState<{ list: T[]; message: string }>({ list: [], message: '' });
  useEffect(() => {
    if (!enabled) return;
    const ctrl = new AbortController();
    const timer = setTimeout(
      async () => {
        try {
          const page = await get<OptionPage<T>>(path, { page: 1, limit: 20, keyword: keyword.trim() }, ctrl.signal);
          setState({ list: page.list, message: page.list.length ? '' : '没有找到匹配的结果' });
        } catch (e) {
          if ((e as Error).name !== 'AbortError') setState({ list: [], message: e instanceof ApiError ? e.message : '加载失败' });
        }
      },
      keyword ? 250 : 0,
    );
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [path, keyword, enabled]);
  return state;
}
