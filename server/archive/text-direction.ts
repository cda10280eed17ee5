// The archive's use of the one table of text-direction controls (text-rules/): the feeds mark
// them (api/feeds/xml-text.ts), chat lines drop them (webhooks/chat-text.ts).

export { directionControlName } from '../../text-rules/direction-controls.ts';
