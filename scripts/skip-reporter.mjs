// A node:test reporter that writes one JSON line per skipped test or suite (file, name, reason), so that
// run-tests.mjs can say at the end how many tests did not run and why.
export default async function* skipReporter(source) {
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { file, name, skip } = event.data;
    if (skip === undefined || skip === false) continue;
    yield JSON.stringify({ file: file ?? null, name, reason: typeof skip === 'string' ? skip : null }) + '\n';
  }
}
