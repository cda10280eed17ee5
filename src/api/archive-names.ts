import * as v from 'valibot';

import { ARCHIVE, getArchiveJson, type Options } from './archive.ts';

// Groups and policies found by name in the archive (`names?q=`), for the search box only.

const names = v.object({
  groups: v.array(v.object({ id: v.string(), name: v.string(), metadata: v.string(), total_weight: v.string() })),
  policies: v.array(v.object({ address: v.string(), group_id: v.string(), name: v.string(), metadata: v.string() })),
});

export type ArchivedNames = v.InferOutput<typeof names>;

export const getArchivedNames = (endpoint: string, text: string, options: Options = {}) =>
  getArchiveJson(endpoint, `${ARCHIVE}/names?q=${encodeURIComponent(text)}&limit=8`, names, options).then(
    ({ data }) => data,
  );
