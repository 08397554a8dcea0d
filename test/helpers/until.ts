/**
 * Polls `probe` every 100 ms until it returns a value (bounded: throws naming `what` after timeoutMs).
 * The default is generous: a wait on a possibly loaded CI machine, not a speed test.
 */
export async function until<T>(
  probe: () => Promise<T | undefined>,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
