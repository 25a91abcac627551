import type { Plugin } from 'vite';
import { isModule } from './module-id.ts';

const MODULE = /\/@astrojs\/react\/dist\/server\.js$/;
const WITHOUT_OPTIONS = 'html = ReactDOM.renderToString(vnode);';
const WITH_OPTIONS = 'html = ReactDOM.renderToString(vnode, renderOptions);';

/**
 * Islands rendered to a string, each with its own id prefix. @astrojs/react renders an island on the server through
 * React's web stream (`renderToReadableStream`, then a reader and a TextDecoder), which costs about a tenth of an
 * uncached product page's main-thread time for its one buy box, although the island is wanted whole. Its
 * `experimentalDisableStreaming` option (astro.config.mjs) renders with `renderToString` instead, but without the
 * render options: each island's `identifierPrefix`, which the browser hydrates it with, would be lost, so `useId`
 * would give two forms on one page the same ids and the server other ids than the browser. This build transform
 * passes the options. If @astrojs/react already does, nothing changes; if its code moved, the build fails rather than
 * rendering islands without their prefix.
 */
export function reactIslandsWhole(): Plugin {
  return {
    name: 'mallfront:react-islands-whole',
    transform(code, id) {
      if (!isModule(id, MODULE)) return;
      if (code.includes(WITH_OPTIONS)) return;
      if (!code.includes(WITHOUT_OPTIONS) || !code.includes('const renderOptions = {')) {
        this.error('mallfront:react-islands-whole: renderToString is no longer where it was in @astrojs/react/dist/server.js');
      }
      return { code: code.replace(WITHOUT_OPTIONS, WITH_OPTIONS), map: null };
    },
  };
}
