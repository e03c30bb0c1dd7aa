// A reporter for Node's test runner (`node --test --test-reporter=<this>`) that writes
// the counts and failures in the shape `npm test` reads from vitest's JSON report
// (numPassedTests, numFailedTests, testResults[].assertionResults), so a node:test file
// joins the closing "Tests: N passed, M failed" line like the others.
export default async function* nodeTestReport(source) {
  let passed = 0;
  let failed = 0;
  const byFile = new Map();
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { name, file = '', details } = event.data;
    if (details?.type === 'suite') continue;
    const results = byFile.get(file) ?? [];
    byFile.set(file, results);
    if (event.type === 'test:pass') {
      passed += 1;
      results.push({ status: 'passed', fullName: name, failureMessages: [] });
    } else {
      failed += 1;
      const cause = details?.error?.cause ?? details?.error;
      results.push({
        status: 'failed',
        fullName: name,
        failureMessages: [String(cause?.message ?? cause)],
      });
    }
  }
  const testResults = [...byFile].map(([name, assertionResults]) => ({
    name,
    status: assertionResults.some((a) => a.status === 'failed') ? 'failed' : 'passed',
    assertionResults,
  }));
  yield `${JSON.stringify({ numPassedTests: passed, numFailedTests: failed, testResults })}\n`;
}
