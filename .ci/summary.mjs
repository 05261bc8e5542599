// Sums Vitest JSON reports into the one closing line CI reads: "N passed, N failed".
// A report that is missing or ran no test counts as a failure, so an empty run is visible.
import fs from 'node:fs';
import path from 'node:path';

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  const name = path.basename(file, '.json');
  if (!fs.existsSync(file)) {
    console.log(`${name}: no report (the suite did not run)`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  const p = report.numPassedTests ?? 0;
  // A file that failed with no failing test (it did not import, or a hook threw) counts once;
  // numFailedTestSuites is not used because it also counts every describe around a failing test.
  const brokenFiles = (report.testResults ?? []).filter(
    (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'),
  ).length;
  const f = (report.numFailedTests ?? 0) + brokenFiles;
  const s = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  console.log(`${name}: ${p} passed, ${f} failed${s ? `, ${s} skipped` : ''}`);
  if (p + f === 0) {
    console.log(`${name}: ran no test`);
    failed += 1;
  }
  passed += p;
  failed += f;
  skipped += s;
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
