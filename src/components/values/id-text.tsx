/** "#18446744073709551615": an id is never broken across lines or cut, so two ids never look alike. */
export function IdText({ id }: { id: string }) {
  return <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>#{id}</span>;
}
