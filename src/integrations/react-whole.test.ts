import { describe, it, expect } from 'vitest';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { reactIslandsWhole } from './react-whole.ts';

const require = createRequire(import.meta.url);
const serverFile = join(require.resolve('@astrojs/react/package.json'), '../dist/server.js').replaceAll('\\', '/');
const serverCode = readFileSync(serverFile, 'utf8');
const context = {
  error: (message: string): never => {
    throw new Error(message);
  },
};
const transform = (code: string, id: string) =>
  (reactIslandsWhole().transform as (this: typeof context, code: string, id: string) => { code: string } | undefined).call(
    context,
    code,
    id,
  );

describe('React islands rendered whole', () => {
  it("renders the installed @astrojs/react's islands to a string with their render options (the id prefix)", () => {
    const out = transform(serverCode, serverFile);
    expect(out?.code).toContain('ReactDOM.renderToString(vnode, renderOptions)');
    expect(out?.code).not.toContain('ReactDOM.renderToString(vnode);');
    expect(serverCode.indexOf('const renderOptions = {')).toBeLessThan(serverCode.indexOf('ReactDOM.renderToString(vnode)'));
  });

  it('leaves other modules alone, and code that already passes the options', () => {
    expect(transform(serverCode, '/x/node_modules/@astrojs/react/dist/client.js')).toBeUndefined();
    const fixed = serverCode.replace('ReactDOM.renderToString(vnode);', 'ReactDOM.renderToString(vnode, renderOptions);');
    expect(transform(fixed, serverFile)).toBeUndefined();
  });

  it('fails the build when the call has moved', () => {
    const moved = serverCode.replace('ReactDOM.renderToString(vnode);', 'ReactDOM.renderToString(element);');
    expect(() => transform(moved, serverFile)).toThrow(/no longer where it was/);
  });
});
