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

/** Retries `check` every 100 ms until it stops throwing; after timeoutMs its last error is thrown. */
export async function eventually(check: () => Promise<void>, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > end) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
