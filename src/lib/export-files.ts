import { proofJsonField, saveFile, type ProofReference } from './export-notes.ts';

// An export is two files: an RFC 4180 CSV with nothing above its header row (a spreadsheet opens it
// as it is), and beside it NAME.provenance.json saying what it holds, where it came from, what each
// column means and which proof bundle it was exported with, by that file's SHA-256. When a bundle
// was exported, both names carry the start of its hash, so the three files are found together.

export interface ExportProvenance {
  /** What the rows are, in a sentence. */
  what: string;
  /** Where they were read: endpoint, chain, heights, query … (null: not known). */
  source: Record<string, string | null>;
  /** Each column, by name: what it holds and in which unit. */
  columns: Record<string, string>;
  exportedAt: Date;
  /** The proof bundle exported beside it, or why there is none. */
  proof: ProofReference;
}

export interface CsvExport {
  csv: string;
  provenance: ExportProvenance;
}

/** `base`, then the first 12 hex digits of the bundle's SHA-256 when one was exported beside it. */
export const exportName = (base: string, proof: ProofReference) =>
  'unavailable' in proof ? base : `${base}-${proof.sha256.slice(0, 12)}`;

/** The sidecar's JSON: the provenance, the CSV's own file name, and how to check the bundle. */
export function provenanceJson(name: string, provenance: ExportProvenance): string {
  const { proof } = provenance;
  const document = {
    format: 'polity-export-provenance/1',
    file: `${name}.csv`,
    what: provenance.what,
    source: provenance.source,
    exported_at: provenance.exportedAt.toISOString(),
    columns: provenance.columns,
    proof_bundle: proofJsonField(proof),
    check:
      'unavailable' in proof
        ? null
        : `sha256sum ${proof.fileName} prints the hash above; npx polity-verify ${proof.fileName} checks it with no server`,
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** Saves the CSV and its provenance sidecar. */
export function saveCsvExport(base: string, made: CsvExport): void {
  const name = exportName(base, made.provenance.proof);
  saveFile(made.csv, `${name}.csv`, 'text/csv;charset=utf-8');
  saveFile(provenanceJson(name, made.provenance), `${name}.provenance.json`, 'application/json');
}

/** "10stake,5ibc/AB…" → one {amount, denom} per coin, as x/bank writes coins in its events. */
export function coinsOf(text: string): { amount: string; denom: string }[] {
  return text
    .split(',')
    .filter((part) => part.length > 0)
    .map((part) => {
      const match = /^(\d+)(.+)$/.exec(part);
      return match ? { amount: match[1]!, denom: match[2]! } : { amount: '', denom: part };
    });
}

/** RFC 4180 ends every record, the last one too, with CRLF (papaparse leaves the last one open, except after a lone header). */
export const endRecords = (csv: string) => (csv.endsWith('\r\n') ? csv : `${csv}\r\n`);
