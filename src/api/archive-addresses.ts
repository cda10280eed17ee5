import * as v from 'valibot';

import { ARCHIVE, getArchiveJson, type Options } from './archive.ts';

// Addresses the archive knows that begin with a prefix (`addresses?prefix=`), for the search.

const found = v.object({
  addresses: v.array(
    v.object({
      address: v.string(),
      roles: v.array(v.picklist(['voter', 'member', 'proposer', 'policy'])),
      policy: v.nullable(v.object({ group_id: v.string(), name: v.string() })),
    }),
  ),
  more: v.boolean(),
});

export type FoundAddresses = v.InferOutput<typeof found>;

export const getArchivedAddresses = (endpoint: string, prefix: string, options: Options = {}) =>
  getArchiveJson(endpoint, `${ARCHIVE}/addresses?prefix=${encodeURIComponent(prefix)}&limit=20`, found, options).then(
    ({ data }) => data,
  );
