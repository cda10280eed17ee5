import { safeLink } from '../chain/safe-url.ts';
import { firstString, NAME_KEYS, parseObject, plainName } from './metadata.ts';

// Metadata read field by field, for the pages that show it whole (the first page needs only names).

const DESCRIPTION_KEYS = ['description', 'summary', 'details'] as const;

export type MetadataReading =
  | { kind: 'empty' }
  | { kind: 'link'; href: string }
  | { kind: 'text'; name: string; text: string }
  | {
      kind: 'json';
      name: string;
      description: string;
      /** The fields other than the name and description, as written. */
      rest: [string, unknown][];
    };

/** What a metadata string says, read the way the SDK documents its conventions. */
export function readMetadata(value: string): MetadataReading {
  if (value.trim() === '') return { kind: 'empty' };
  const href = safeLink(value);
  if (href) return { kind: 'link', href };
  const record = parseObject(value);
  if (!record) return { kind: 'text', name: plainName(value), text: value };
  const name = firstString(record, NAME_KEYS);
  const description = firstString(record, DESCRIPTION_KEYS);
  const shown = new Set([name?.key, description?.key]);
  return {
    kind: 'json',
    name: name?.value ?? '',
    description: description?.value ?? '',
    rest: Object.entries(record).filter(([key]) => !shown.has(key)),
  };
}
