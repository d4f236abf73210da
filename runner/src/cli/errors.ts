/** A mistake on the command line, an input that cannot be read, or a server call that failed: exit code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
