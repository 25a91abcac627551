import { describe, it, expect } from 'vitest';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createElement, useId } from 'react';
import { reactIslandsWhole } from './react-whole.ts';
import { importPatched, runTransform } from './patch-test-kit.ts';

const require = createRequire(import.meta.url);
const serverFile = join(require.resolve('@astrojs/react/package.json'), '../dist/server.js').replaceAll('\\', '/');
const serverCode = readFileSync(serverFile, 'utf8');
const transform = (code: string, id: string) => runTransform(reactIslandsWhole(), code, id);

type Render = (this: unknown, Component: unknown, props: object, slots: object, metadata?: object) => Promise<{ html: string }>;
type Check = (this: unknown, Component: unknown, props: object, children: unknown, metadata?: object) => Promise<boolean>;

/** @astrojs/react's server renderer as the build makes it (streaming off, as astro.config.mjs sets; imports pointed at its own). */
async function builtRenderer(): Promise<Render & { check: Check }> {
  const fromReact = createRequire(serverFile);
  const url = (specifier: string) => JSON.stringify(pathToFileURL(fromReact.resolve(specifier)).href);
  const built = await importPatched<{ default: { renderToStaticMarkup: Render; check: Check } }>(
    reactIslandsWhole(),
    serverFile,
    serverCode,
    (code) =>
      code
        .replace('import opts from "astro:react:opts";', 'const opts = { experimentalDisableStreaming: true };')
        .replace(
          /from "(\.\/[^"]+|react|react-dom\/server|@astrojs\/internal-helpers\/create-filter)"/g,
          (_, spec: string) => `from ${url(spec)}`,
        ),
  );
  return Object.assign(built.default.renderToStaticMarkup, { check: built.default.check });
}

let renders = 0;
function Field({ label }: { label: string }) {
  renders++;
  return createElement('label', { htmlFor: useId() }, label);
}

let onceRenders = 0;
function Picker({ code }: { code: string }) {
  onceRenders++;
  return createElement('button', { type: 'button', id: useId() }, code);
}
Picker.serverRenderOnce = true;

describe('React islands rendered whole', () => {
  it('renders each island to a string with its id prefix, and a component marked serverRenderOnce once per prefix and props', async () => {
    const render = await builtRenderer();
    renders = 0;
    const result = {};
    const island = (Component: unknown, props: object, slots: object = {}) => render.call({ result }, Component, props, slots, {});
    const first = await island(Field, { label: '国家' });
    const second = await island(Field, { label: '国家' });
    // Not marked: rendered each time, each with its own prefix.
    expect(renders).toBe(2);
    expect(first.html).toMatch(/for="_r\d+R_/);
    expect(first.html).not.toBe(second.html);

    onceRenders = 0;
    const again = { result: {} }; // a new page: its islands' prefixes start over
    const a = await render.call(again, Picker, { code: 'CN' }, {}, {});
    const b = await render.call({ result: {} }, Picker, { code: 'CN' }, {}, {});
    expect(onceRenders).toBe(1);
    expect(b.html).toBe(a.html);
    expect(a.html).toContain('>CN</button>');
    await render.call({ result: {} }, Picker, { code: 'US' }, {}, {});
    expect(onceRenders).toBe(2);
    // Children are not part of the key: rendered again.
    await render.call({ result: {} }, Picker, { code: 'CN' }, { default: '<b>x</b>' }, {});
    expect(onceRenders).toBe(3);
  });

  it("finds a component to be React's once, and not a function that is not a component", async () => {
    const { check } = await builtRenderer();
    onceRenders = 0;
    expect(await check.call({ result: {} }, Picker, { code: 'CN' }, {}, {})).toBe(true);
    expect(onceRenders).toBe(1); // the tester called it
    expect(await check.call({ result: {} }, Picker, { code: 'US' }, {}, {})).toBe(true);
    expect(onceRenders).toBe(1);
    const notReact = () => 'text';
    expect(await check.call({ result: {} }, notReact, {}, {}, {})).toBe(false);
    expect(await check.call({ result: {} }, notReact, {}, {}, {})).toBe(false);
  });

  it('leaves other modules alone', () => {
    expect(transform(serverCode, '/x/node_modules/@astrojs/react/dist/client.js')).toBeUndefined();
  });

  it('fails the build when the call has moved', () => {
    const moved = serverCode.replace(/ReactDOM\.renderToString\(vnode(, renderOptions)?\);/, 'ReactDOM.renderToString(element);');
    expect(() => transform(moved, serverFile)).toThrow(/no longer where it was/);
  });
});
