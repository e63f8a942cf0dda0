/**
 * The local time of day on a 24-hour clock, `14:03:07`, written from the date's own fields. No
 * `Intl` formatter: a page's first one loads locale data (30-50 ms of the main thread here), a
 * cost the session list's time labels are not worth while the page starts or a turn streams.
 */
export function formatClockTime(at: number): string {
  const date = new Date(at)
  return [date.getHours(), date.getMinutes(), date.getSeconds()].map((part) => String(part).padStart(2, '0')).join(':')
}
