// The merchant command line (`npm run merchant`) as specs run it: against the test server, with a shop's token.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/** A demo shop's merchant token (the seed gives shop N the token `mf_demo_mer_N_mallfront`). */
export const demoToken = (merId: number) => `mf_demo_mer_${merId}_mallfront`;

/** `npm run merchant -- …args` with `token` against `baseURL`: what it printed, or a rejection carrying `stderr`. */
export function merchantCli(baseURL: string, token: string) {
  return async (...args: string[]) =>
    (
      await promisify(execFile)('npm', ['run', '--silent', 'merchant', '--', ...args], {
        env: { ...process.env, MALL_URL: baseURL, MERCHANT_TOKEN: token },
      })
    ).stdout;
}
