import type { NodeProposal } from '../../node-records.ts';
import type { RestReader } from '../../source/rest-reader.ts';
import type { OpenWork } from '../lane/open-work.ts';
import type { PreparedBlock } from './fetch-blocks.ts';

/** Reads of proposals at the height they come due, started ahead: keyed `id@height`. */
export type ForecastReads = ReadonlyMap<string, Promise<NodeProposal | null>>;

/**
 * Starts, all at once, the reads of the proposals the work list expects to come due within these
 * blocks. A read at a height is that height's answer whatever happens after, so a forecast that
 * turns out wrong costs a read, never a wrong record.
 */
export function forecastReads(rest: RestReader, work: OpenWork, decoded: readonly PreparedBlock[]): ForecastReads {
  const forecast = new Map<string, Promise<NodeProposal | null>>();
  for (const [id, height] of work.forecast(
    decoded.map(({ block, facts }) => ({ ...block, policies: facts.policies })),
  )) {
    const read = rest.proposal(id, height);
    read.catch(() => undefined);
    forecast.set(`${id}@${height}`, read);
  }
  return forecast;
}
