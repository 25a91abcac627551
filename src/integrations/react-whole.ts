import type { Plugin } from 'vite';
import { patchModule } from './module-id.ts';

const MODULE = /\/@astrojs\/react\/dist\/server\.js$/;
const CALL = /html = ReactDOM\.renderToString\(vnode(?:, renderOptions)?\);/;
const NEEDED = ['const renderOptions = {', 'const slots = {};', 'const newChildren = ', 'const formState = '];
const CHECK = 'async function check(Component, props, children, metadata) {';
const ONCE = `html = islandRenderedOnce(Component, props, renderOptions, newChildren != null || Object.keys(slots).length > 0 || !!formState, () => ReactDOM.renderToString(vnode, renderOptions));`;

/**
 * Islands rendered to a string, each with its own id prefix, and those marked `serverRenderOnce` rendered once per
 * prop values. @astrojs/react renders an island on the server through React's web stream (`renderToReadableStream`,
 * then a reader and a TextDecoder), which costs about a tenth of an uncached product page's main-thread time for its
 * one buy box, although the island is wanted whole. Its `experimentalDisableStreaming` option (astro.config.mjs)
 * renders with `renderToString` instead, but without the render options: each island's `identifierPrefix`, which the
 * browser hydrates it with, would be lost, so `useId` would give two forms on one page the same ids and the server
 * other ids than the browser. This build transform passes the options. A component whose server markup depends on
 * its props alone (no clock, no request, no store) can say so with `Component.serverRenderOnce = true`: its markup
 * is then kept per id prefix and props (at most 256 per component, then it starts over), unless it is given children,
 * slots or a form state. The header's locale picker, on every page, is one: 0.1 ms of React per render. And Astro asks
 * the renderer whether a component is React's at every island render (`check`: a whole render of a tester around the
 * component); a component found to be React's once is taken as React's from then on. If these calls have moved in
 * @astrojs/react, the build fails rather than rendering islands without their prefix.
 */
export function reactIslandsWhole(): Plugin {
  return patchModule('react-islands-whole', MODULE, '@astrojs/react/dist/server.js', 'renderToString', (code) => {
    if (!CALL.test(code) || !code.includes(CHECK) || NEEDED.some((part) => !code.includes(part))) return null;
    const once = `const islandsRendered = new WeakMap();
function islandRenderedOnce(Component, props, renderOptions, more, render) {
  if (!Component || Component.serverRenderOnce !== true || more) return render();
  let made = islandsRendered.get(Component);
  if (!made) islandsRendered.set(Component, (made = new Map()));
  const key = \`\${renderOptions.identifierPrefix ?? ''}\\u0000\${JSON.stringify(props)}\`;
  let html = made.get(key);
  if (html === undefined) {
    if (made.size >= 256) made.clear();
    html = render();
    made.set(key, html);
  }
  return html;
}
`;
    const checked = `const reactComponents = new WeakSet();
async function check(Component, props, children, metadata) {
  if (typeof Component === 'function' && reactComponents.has(Component)) return true;
  const found = await checkEachTime.call(this, Component, props, children, metadata);
  if (found && typeof Component === 'function') reactComponents.add(Component);
  return found;
}
async function checkEachTime(Component, props, children, metadata) {`;
    return once + code.replace(CALL, ONCE).replace(CHECK, checked);
  });
}
