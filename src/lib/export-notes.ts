// What an export says about itself: the proof bundle it was exported beside (named by the SHA-256
// of the file's exact bytes), and the file itself.

/** A proof bundle as downloaded: its exact bytes and their SHA-256. */
export interface ProofFile {
  bytes: Uint8Array<ArrayBuffer>;
  /** Lower-case hex, as `sha256sum` prints it. */
  sha256: string;
  fileName: string;
  /** Where it came from. */
  url: string;
}

/** The bundle an export names, or why it names none. */
export type ProofReference = ProofFile | { unavailable: string };

const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/** SHA-256 in hex. WebCrypto exists only on https and localhost; elsewhere a small library does it. */
export async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  if (globalThis.crypto?.subtle) return hex(new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', bytes)));
  const { sha256 } = await import('@noble/hashes/sha2.js');
  return hex(sha256(bytes));
}

/** The bundle as an export's JSON names it. */
export const proofJsonField = (proof: ProofReference) =>
  'unavailable' in proof
    ? { file_name: null, sha256: null, unavailable: proof.unavailable }
    : { file_name: proof.fileName, sha256: proof.sha256, bytes: proof.bytes.length, source: proof.url };

/** Saves `contents` as a file the reader downloads. */
export function saveFile(contents: BlobPart, fileName: string, type: string) {
  const url = URL.createObjectURL(new Blob([contents], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
