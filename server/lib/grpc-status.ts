// A gRPC status as the node's query server returns it: the gateway turns the code into an HTTP
// status and the pair into the error body. Every layer of the node throws these.

export const GrpcCode = {
  Unknown: 2,
  InvalidArgument: 3,
  DeadlineExceeded: 4,
  NotFound: 5,
  Unimplemented: 12,
  Internal: 13,
  Unavailable: 14,
} as const;
export type GrpcCode = (typeof GrpcCode)[keyof typeof GrpcCode];

export class GrpcStatusError extends Error {
  constructor(
    readonly code: GrpcCode,
    message: string,
  ) {
    super(message);
  }
}

/** A plain Go error or an SDK error registered without a gRPC code: both surface as Unknown. */
export const unknownError = (message: string) => new GrpcStatusError(GrpcCode.Unknown, message);
export const invalidArgument = (message: string) => new GrpcStatusError(GrpcCode.InvalidArgument, message);
export const notFoundStatus = (message: string) => new GrpcStatusError(GrpcCode.NotFound, message);
export const internalError = (message: string) => new GrpcStatusError(GrpcCode.Internal, message);
export const notImplemented = () => new GrpcStatusError(GrpcCode.Unimplemented, 'Not Implemented');
