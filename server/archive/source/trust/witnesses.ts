import { headerHashOf } from '../../../../verify/trust/header.ts';
import { checkSignedHeader, failed, type LightBlockJson } from '../../../../verify/trust/light-block.ts';
import { witnessConflict } from '../../../../verify/trust/witness-check.ts';
import type { ConflictEvidence, ConflictSide } from '../../node-records.ts';
import { errorText } from '../error-text.ts';
import { NotServedError, ProofReader } from '../proof-reader.ts';

// Other nodes of the same chain, asked for the headers the archive relies on, as CometBFT's light
// client asks its witnesses. One that names another header at the same height stops the archive:
// one of the two is lying, and a proof that rests on either is worth nothing until a person has
// looked. Both signed headers are kept as evidence. One that does not answer is named and skipped
// for a while: a dead witness never blocks.

export interface WitnessNode {
  name: string;
  url: string;
}

/** How a witness has answered: the last height it agreed on, or why it did not answer. */
export interface WitnessReport {
  name: string;
  url: string;
  agreed_through: string | null;
  problem: string | null;
}

/** A witness named another header than the verified one: nothing more is proven or merged. */
export type { ConflictEvidence };

export class WitnessConflictError extends Error {}

/** "conflicting headers at 1,234: the node (URL) says AB…, witness W (URL) says CD…" */
export const conflictWords = (evidence: ConflictEvidence) =>
  `conflicting headers at ${evidence.height}: the node (${evidence.primary.url}) says ${evidence.primary.hash}, ` +
  `witness ${evidence.witness.name} (${evidence.witness.url}) says ${evidence.witness.hash}`;

/** After a witness fails to answer, how long it is left alone before it is asked again. */
const REST_AFTER_FAILURE_MS = 60_000;
/** A witness answers within this, or is named as not answering. */
export const WITNESS_TIMEOUT_MS = 8_000;

interface Witness extends WitnessNode {
  reader: ProofReader;
  report: WitnessReport;
  restUntil: number;
}

export class Witnesses {
  private readonly witnesses: Witness[];
  /** The first conflict seen: once there is one, every later check refuses with it. */
  conflict: ConflictEvidence | null = null;

  constructor(
    nodes: readonly WitnessNode[],
    private readonly chainId: string,
    private readonly primaryUrl: string,
    private readonly keep: (evidence: ConflictEvidence) => Promise<void>,
  ) {
    this.witnesses = nodes.map((node) => ({
      ...node,
      reader: new ProofReader(node.url, WITNESS_TIMEOUT_MS),
      report: { name: node.name, url: node.url, agreed_through: null, problem: null },
      restUntil: 0,
    }));
  }

  get count(): number {
    return this.witnesses.length;
  }

  reports(): WitnessReport[] {
    return this.witnesses.map((witness) => ({ ...witness.report }));
  }

  /** Witnesses that may be asked now (not resting after a failure). */
  private awake(): Witness[] {
    const now = Date.now();
    return this.witnesses.filter((witness) => witness.restUntil <= now);
  }

  /** The witness's light block at `height`, or null (and its report says why) when it gives none. */
  private async lightBlockOf(witness: Witness, height: bigint): Promise<LightBlockJson | null> {
    try {
      return await witness.reader.lightBlock(height);
    } catch (error) {
      witness.report.problem =
        error instanceof NotServedError
          ? `does not keep height ${height}`
          : `did not answer for height ${height}: ${errorText(error)}`;
      if (!(error instanceof NotServedError)) witness.restUntil = Date.now() + REST_AFTER_FAILURE_MS;
      return null;
    }
  }

  private side(node: WitnessNode, block: LightBlockJson, hash: string): ConflictSide {
    return {
      name: node.name,
      url: node.url,
      hash,
      light_block: block,
      signed_by_its_set: !failed(checkSignedHeader(this.chainId, block)),
    };
  }

  /**
   * Every awake witness's header at the verified block's height has its hash; else the conflict is
   * kept as evidence and thrown. A witness that does not answer is named in its report only.
   */
  async crossCheck(verified: LightBlockJson, hash: string): Promise<void> {
    if (this.conflict) throw new WitnessConflictError(conflictWords(this.conflict));
    const height = BigInt(verified.signed_header.header.height);
    const answers = await Promise.all(
      this.awake().map(async (witness) => ({ witness, block: await this.lightBlockOf(witness, height) })),
    );
    for (const { witness, block } of answers) {
      if (!block) continue;
      if (witnessConflict(verified, block) === null) {
        witness.report.agreed_through = String(height);
        witness.report.problem = null;
        continue;
      }
      const theirs = headerHashOf(block.signed_header.header);
      const theirHash = failed(theirs) ? `an unreadable header (${theirs.problem})` : theirs.hash;
      const evidence: ConflictEvidence = {
        height: String(height),
        seen_at: new Date().toISOString(),
        primary: this.side({ name: 'the node', url: this.primaryUrl }, verified, hash),
        witness: this.side(witness, block, theirHash),
      };
      this.conflict = evidence;
      witness.report.problem = conflictWords(evidence);
      await this.keep(evidence);
      throw new WitnessConflictError(conflictWords(evidence));
    }
  }

  /**
   * A root by agreement: the newest height every answering node keeps, and the hash all of them
   * (the primary and at least one witness) name for it. Null when fewer than two answer.
   */
  async agreedRoot(primary: ProofReader): Promise<{ block: LightBlockJson; hash: string; nodes: string[] } | null> {
    const tips = await Promise.all(
      [{ name: 'the node', url: this.primaryUrl, reader: primary }, ...this.awake()].map(async (node) => {
        try {
          const tip = await node.reader.tip();
          return tip.chainId === this.chainId ? { node, latest: tip.latest } : null;
        } catch (error) {
          const witness = this.witnesses.find((candidate) => candidate.url === node.url);
          if (witness) witness.report.problem = `did not answer: ${errorText(error)}`;
          return null;
        }
      }),
    );
    const answering = tips.filter((tip) => tip !== null);
    if (answering.length < 2 || answering[0].node.reader !== primary) return null;
    // One below the lowest tip: every node keeps its commit as canonical.
    const height = answering.reduce((low, tip) => (tip.latest < low ? tip.latest : low), answering[0].latest) - 1n;
    const block = await primary.lightBlock(height);
    const hashed = headerHashOf(block.signed_header.header);
    if (failed(hashed)) throw new WitnessConflictError(`header ${height} of the node: ${hashed.problem}`);
    await this.crossCheck(block, hashed.hash);
    const agreed = this.witnesses.filter((witness) => witness.report.agreed_through === String(height));
    if (agreed.length === 0) return null;
    return { block, hash: hashed.hash, nodes: [this.primaryUrl, ...agreed.map((witness) => witness.url)] };
  }
}
