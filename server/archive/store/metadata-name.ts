/** The `name` of a metadata JSON object, as group and policy metadata usually carry it. */
export function nameOf(metadata: string): string {
  try {
    const parsed: unknown = JSON.parse(metadata);
    if (parsed && typeof parsed === 'object' && 'name' in parsed && typeof parsed.name === 'string') return parsed.name;
  } catch {
    // plain text metadata has no name
  }
  return '';
}
