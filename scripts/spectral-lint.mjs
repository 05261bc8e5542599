// Spectral's OpenAPI rules (the `spectral:oas` ruleset) over one API document, through Spectral's
// library: the CLI would bring a bundler (rollup 2) for YAML rulesets we do not need. Every warning
// fails, as in redocly.yaml: an undeclared tag, an operation without a description…
// Usage: node scripts/spectral-lint.mjs <openapi.json>
import fs from 'node:fs';
import spectralCore from '@stoplight/spectral-core';
import parsers from '@stoplight/spectral-parsers';
import rulesets from '@stoplight/spectral-rulesets';

const { Document, Spectral } = spectralCore;
const severities = ['error', 'warning', 'information', 'hint'];

const file = process.argv[2];
if (!file) {
  console.error('usage: spectral-lint <openapi.json>');
  process.exit(2);
}
const spectral = new Spectral();
spectral.setRuleset({
  extends: [[rulesets.oas, 'recommended']],
  // Each installation serves its own document, and its contact is whoever runs it: none to name here.
  rules: { 'info-contact': 'off' },
});
const results = await spectral.run(new Document(fs.readFileSync(file, 'utf8'), parsers.Json, file));
// Information and hints are advice; errors and warnings fail.
const problems = results.filter((r) => r.severity <= 1);
for (const r of problems) {
  const at = r.path.join('.');
  console.error(`${severities[r.severity]} ${r.code}: ${r.message}${at ? ` (at ${at})` : ''}`);
}
console.log(`Spectral (oas): ${problems.length} problem(s) in ${file}`);
process.exit(problems.length > 0 ? 1 : 0);
