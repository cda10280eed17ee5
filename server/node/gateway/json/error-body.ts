import { GrpcCode, GrpcStatusError } from '../../../lib/grpc-status.ts';
import { goStringify } from './json-encoding.ts';

/** runtime.HTTPStatusFromCode for the codes this node returns. */
const HTTP_STATUS: Record<GrpcCode, number> = {
  [GrpcCode.Unknown]: 500,
  [GrpcCode.InvalidArgument]: 400,
  [GrpcCode.DeadlineExceeded]: 504,
  [GrpcCode.NotFound]: 404,
  [GrpcCode.Unimplemented]: 501,
  [GrpcCode.Internal]: 500,
  [GrpcCode.Unavailable]: 503,
};

export const httpStatusOf = (error: GrpcStatusError) => HTTP_STATUS[error.code];

/** The gateway's error body: the status marshalled like any message, details always empty. */
export const errorBody = (error: GrpcStatusError) =>
  goStringify({ code: error.code, message: error.message, details: [] });
