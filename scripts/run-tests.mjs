// `npm test`: build, static checks (astro check, tsc, Biome), unit + service tests (Vitest), browser tests
// (Playwright in Chromium), then one line `N passed, N failed` summing every suite (CI reads that line; each
// static check counts as one). Exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, mkdirSync } from 'node:fs';

const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', env }).status ?? 1;
const readJson = (f) => {
  try {
    return JSON.parse(readFileSync(f, 'utf8'));
  } catch {
    return null;
  }
};

rmSync('reports/vitest.json', { force: true });
rmSync('reports/playwright.json', { force: true });
mkdirSync('reports', { recursive: true });

let passed = 0;
let failed = 0;
// Names of what failed, repeated just above the last line: a CI log cut to its tail still says what to look at.
const failures = [];
/** A failure counted on its own (a step, not a test the reports count): named and counted once. */
const fail = (what) => {
  failures.push(what);
  failed++;
};
if (run('npx', ['astro', 'build']) !== 0) {
  console.error('build failed');
  fail('astro build');
} else {
  // Types of .astro files (astro check) and of everything else (tsc), lint + format and the layer rule (Biome).
  for (const [name, args] of [
    ['astro check', ['astro', 'check', '--minimumSeverity', 'error']],
    ['tsc --noEmit', ['tsc', '--noEmit']],
    ['biome check', ['biome', 'check', '--diagnostic-level=error']],
  ]) {
    if (run('npx', args) === 0) passed++;
    else {
      console.error(`${name} failed`);
      fail(name);
    }
  }
  const vStatus = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=reports/vitest.json']);
  const v = readJson('reports/vitest.json');
  if (v) {
    passed += v.numPassedTests;
    const counted = v.numFailedTests + (v.numFailedTestSuites && !v.numFailedTests ? v.numFailedTestSuites : 0);
    failed += counted;
    for (const file of v.testResults ?? []) {
      for (const t of file.assertionResults ?? []) if (t.status === 'failed') failures.push(`vitest ${file.name}: ${t.fullName}`);
      if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'))
        failures.push(`vitest ${file.name}: ${(file.message ?? 'suite failed').split('\n')[0]}`);
    }
    // An error outside any test: an unhandled rejection, a crashed worker.
    if (vStatus !== 0 && counted === 0) fail('vitest: an error outside any test');
  } else if (vStatus !== 0) fail('vitest: no report');

  const pStatus = run('npx', ['playwright', 'test']);
  const p = readJson('reports/playwright.json');
  if (p?.stats) {
    passed += p.stats.expected + p.stats.flaky;
    failed += p.stats.unexpected;
    const walk = (suite, titles) => {
      for (const spec of suite.specs ?? [])
        for (const t of spec.tests ?? [])
          if (t.status === 'unexpected') failures.push(`playwright ${spec.file}: ${[...titles, spec.title].join(' › ')}`);
      for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
    };
    for (const suite of p.suites ?? []) walk(suite, []);
    // A crash outside any test (e.g. the server).
    if (pStatus !== 0 && p.stats.unexpected === 0) fail('playwright: a crash outside any test');
  } else if (pStatus !== 0) fail('playwright: no report');
}
if (failures.length > 0) console.log(`failed:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
