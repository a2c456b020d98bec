/** An error the user caused or can fix: printed as one sentence (no stack) with its exit code. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}
