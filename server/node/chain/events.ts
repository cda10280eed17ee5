// ABCI events as a v0.50 node emits them. Typed events (`cosmos.group.v1.Event*`) carry each
// field of the event message as an attribute whose value is that field's JSON, keys in
// alphabetical order (the SDK walks the JSON object's sorted keys); plain events carry text.

export interface EventAttribute {
  readonly key: string;
  readonly value: string;
  readonly index: boolean;
}

export interface AbciEvent {
  readonly type: string;
  readonly attributes: readonly EventAttribute[];
}

/** Where handlers report what happened; a failed transaction's events are dropped with it. */
export type EventSink = (event: AbciEvent) => void;

const attribute = (key: string, value: string): EventAttribute => ({ key, value, index: true });

/** A typed event: `fields` hold each field's JSON value (already encoded by the caller's rules). */
export function typedEvent(name: string, fields: Record<string, string>): AbciEvent {
  const keys = Object.keys(fields).sort();
  return { type: name, attributes: keys.map((key) => attribute(key, fields[key])) };
}

export function plainEvent(type: string, fields: [string, string][]): AbciEvent {
  return { type, attributes: fields.map(([key, value]) => attribute(key, value)) };
}

/** Events of a message carry its index in the transaction; end-block events carry the mode. */
export function withAttribute(event: AbciEvent, key: string, value: string): AbciEvent {
  return { type: event.type, attributes: [...event.attributes, attribute(key, value)] };
}

/** JSON of a uint64 field, as the typed event encoder writes it: a quoted decimal string. */
export const jsonU64 = (value: bigint) => `"${value}"`;
export const jsonString = (value: string) => JSON.stringify(value);
