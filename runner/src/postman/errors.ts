/** A file that is not a Postman collection, environment or globals file the adapter can read (Chinese message). */
export class PostmanFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PostmanFormatError';
  }
}
