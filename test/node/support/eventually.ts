/**
 * Retries `check` until it stops throwing, for at most `withinMs`, and answers what it answered last; after the
 * deadline its last error is the test's. For work the service does in the background, such as a crawl.
 */
export async function eventually<T>(check: () => Promise<T>, withinMs = 20_000): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
