/** A gRPC status as the gateway renders it: HTTP status from the code, body {code,message,details}. */
export class ApiError extends Error {
  constructor(
    readonly http: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }

  body(): string {
    return JSON.stringify({ code: this.code, message: this.message, details: [] }).replace(
      /[<>&]/g,
      (c) => `\\u00${c.charCodeAt(0).toString(16)}`,
    );
  }
}

/** gRPC Unknown: plain Go errors and every registered SDK error (not found included). */
export const unknown = (message: string) => new ApiError(500, 2, message);
/** gRPC InvalidArgument: the gateway's own parse failures. */
export const invalidArgument = (message: string) => new ApiError(400, 3, message);
export const notImplemented = () => new ApiError(501, 12, 'Not Implemented');
