import { goStringify } from '../chain/wire-json.ts';

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
    return goStringify({ code: this.code, message: this.message, details: [] });
  }
}

/** gRPC Unknown: plain Go errors and every registered SDK error (not found included). */
export const unknown = (message: string) => new ApiError(500, 2, message);
/** gRPC InvalidArgument: the gateway's own parse failures. */
export const invalidArgument = (message: string) => new ApiError(400, 3, message);
export const notImplemented = () => new ApiError(501, 12, 'Not Implemented');
