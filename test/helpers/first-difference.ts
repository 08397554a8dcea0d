/** Where two texts first differ, as "line N: have …, want …", for a stale-file message. */
export function firstDifference(actual: string, expected: string): string {
  const have = actual.split('\n');
  const want = expected.split('\n');
  for (let i = 0; i < Math.max(have.length, want.length); i++) {
    if (have[i] !== want[i]) {
      return `line ${i + 1}: has ${JSON.stringify(have[i] ?? '<end>')}, expected ${JSON.stringify(want[i] ?? '<end>')}`;
    }
  }
  return 'identical';
}
