// Prints one closing line for the whole monorepo test run: "Tests: N passed, M failed, K skipped".
// Each package's vitest writes .vitest-results.json (JSON reporter); turbo runs them one after another.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const roots = ['packages', 'apps', 'tools'];
const folders = [];
for (const root of roots) {
  if (!existsSync(root)) continue;
  for (const name of readdirSync(root)) folders.push(join(root, name));
}
folders.push('test');
// A workspace folder whose package.json has a test script must leave a results file: otherwise its tests would run
// (turbo fails on a red one) but be missing from the count this line prints.
const testedFolders = folders.filter((folder) => {
  const manifest = join(folder, 'package.json');
  return existsSync(manifest) && typeof JSON.parse(readFileSync(manifest, 'utf8')).scripts?.test === 'string';
});
const unreported = testedFolders.filter((folder) => !existsSync(join(folder, '.vitest-results.json')));
if (unreported.length > 0) {
  console.error(
    `test-summary: no .vitest-results.json in ${unreported.join(', ')}: give each package.json's "test" script ` +
      '`--reporter=default --reporter=json --outputFile.json=.vitest-results.json` so its tests are counted',
  );
  process.exit(1);
}
let passed = 0;
let failed = 0;
let skipped = 0;
let suites = 0;
for (const folder of folders) {
  const file = join(folder, '.vitest-results.json');
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  suites += 1;
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}
if (suites === 0) {
  console.error('test-summary: no vitest results found; did the tests run?');
  process.exit(1);
}
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
