// How a retry is counted for people: the `retry` event names the attempt about to be made (2 for
// the first retry) out of all attempts; users count retries ("retry 1 of 3").
export function retryCount(e: { attempt: number; maxAttempts: number }): string {
  return `retry ${e.attempt - 1} of ${e.maxAttempts - 1}`;
}
