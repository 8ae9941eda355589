/**
 * `Object.hasOwn` for the spec's minimum browsers (000 §1: Chrome 84, Firefox 78, Safari 14 and
 * Edge 84 lack it; issue 13 item 7). The domain runs in both apps, so it uses this instead.
 */
export function hasOwn(object: object, key: PropertyKey): boolean {
  // biome-ignore lint/suspicious/noPrototypeBuiltins: Object.hasOwn is missing in the minimum browsers (spec 000 §1).
  return Object.prototype.hasOwnProperty.call(object, key);
}
