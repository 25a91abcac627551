import { defineConfig } from '@playwright/test';
import { OPERATOR_TOKEN } from './tests/e2e/operator.ts';

const port = Number(process.env.E2E_PORT || 4411);

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'reports/playwright-output',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30000,
  expect: { timeout: 10000 },
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1280, height: 900 },
    locale: 'zh-CN',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'shared',
      testIgnore:
        /(frames|merchant-products|merchant-shipping|merchant-seckill|merchant-presell|merchant-categories|merchant-fuzz)\.spec\.ts$/,
    },
    // Writes that drop every catalogue page (the operator's activity frames are on every product card; a shop's new or
    // edited product changes every list it may be in; a shop's category change drops every page with its cards) run after
    // the rest, alone: other specs expect a page they just kept to be answered from the cache. `--no-deps` runs them alone.
    {
      name: 'mall-wide',
      testMatch:
        /(frames|merchant-products|merchant-shipping|merchant-seckill|merchant-presell|merchant-categories|merchant-fuzz)\.spec\.ts$/,
      dependencies: ['shared'],
    },
  ],
  webServer: {
    command: 'npx tsx tests/e2e/server.ts',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120000,
    // TRUST_PROXY: each test presents its own client address (fixtures.ts), so per-IP limits do not collide.
    env: { E2E_PORT: String(port), MALLFRONT_TEST: '1', TRUST_PROXY: '1', SITE_URL: `http://127.0.0.1:${port}`, OPERATOR_TOKEN },
  },
});
