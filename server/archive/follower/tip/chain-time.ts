/** An RFC 3339 UTC time plus whole seconds, keeping its fractional digits exactly. */
export function addSeconds(time: string, seconds: number): string {
  const match = /^(.*T\d\d:\d\d:\d\d)(\.\d+)?Z$/.exec(time);
  if (!match) throw new Error(`not an RFC 3339 UTC time: ${time}`);
  const whole = new Date(`${match[1]}Z`).getTime() + seconds * 1000;
  return new Date(whole).toISOString().slice(0, 19) + (match[2] ?? '') + 'Z';
}

/** Seconds of a protobuf Duration in JSON ("86400s", "1.5s"). */
export const durationSeconds = (text: string) => Number(text.replace(/s$/, ''));
