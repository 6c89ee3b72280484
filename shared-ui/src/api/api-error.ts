/** An error raised by the API client: the message of spec section 8 plus the HTTP status. */
export class ApiError extends Error {
  constructor(
    message: string,
    /** HTTP status, or 0 when no response arrived. */
    readonly status: number,
    /** The server's own `error` text, when the response carried one. */
    readonly serverMessage?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The most useful text for a screen: the server's explanation when there is one, else the error's message. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage || error.message || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
