/** An error answered to the client as `{ success: false, error }` with its status and headers. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly headers: Record<string, string> = {}
  ) {
    super(message);
  }
}
