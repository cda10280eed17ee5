/** Edits (insert, delete, replace one character) between two names: how far a typo is. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length];
}

/**
 * The names an operator most likely meant: those that hold what was typed (`crypto` →
 * `cryptoorgchain`), then those a few typos away, nearest first.
 */
export function closeNames(asked: string, names: readonly string[], most = 5): string[] {
  const wanted = asked.toLowerCase();
  const holding = names.filter((name) => wanted.length >= 3 && (name.includes(wanted) || wanted.includes(name)));
  const allowed = Math.max(2, Math.floor(wanted.length / 3));
  const near = names
    .map((name) => ({ name, distance: editDistance(wanted, name) }))
    .filter(({ name, distance }) => distance <= allowed && !holding.includes(name))
    .sort((a, b) => a.distance - b.distance || a.name.localeCompare(b.name))
    .map(({ name }) => name);
  return [...holding, ...near].slice(0, most);
}
