import { Code } from '@mantine/core';

/** Readable JSON of on-chain data, as text (never HTML). */
export function JsonBlock({ value }: { value: unknown }) {
  return (
    <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxHeight: 420, overflow: 'auto' }}>
      {JSON.stringify(value, null, 2)}
    </Code>
  );
}
