/**
 * The current time as `new Date().toISOString()` writes it, for the date of every table event.
 * `toISOString` builds a Date and works out the calendar at each call, about a microsecond even in
 * a tight loop and 5 µs of a drop's CPU in the running server (V8's profile of `table-fanout`,
 * docs/live-table.md "The fan-out"); here the calendar part is worked out once per second and
 * each call only appends the milliseconds.
 */
let cachedSecond = Number.NaN;
let secondPrefix = '';

export function isoNow(now: number = Date.now()): string {
  const millis = ((now % 1000) + 1000) % 1000;
  const second = now - millis;
  if (second !== cachedSecond) {
    cachedSecond = second;
    // 'YYYY-MM-DDTHH:MM:SS.' (or an expanded year): everything but 'mmmZ'.
    secondPrefix = new Date(second).toISOString().slice(0, -4);
  }
  return `${secondPrefix}${String(millis).padStart(3, '0')}Z`;
}
