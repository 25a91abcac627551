declare module 'quicklink' {
  export interface ListenOptions {
    el?: Element;
    timeout?: number;
    limit?: number;
    throttle?: number;
    origins?: string[] | true;
    ignores?: Array<RegExp | ((uri: string, el: Element) => boolean)>;
  }
  export function listen(options?: ListenOptions): () => void;
  export function prefetch(urls: string | string[], isPriority?: boolean): Promise<unknown>;
}
