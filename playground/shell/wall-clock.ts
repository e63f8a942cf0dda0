/**
 * The reader's local wall-clock time of a timestamp, 24-hour: `14:03:07`, written from the date's
 * own fields. No `Intl` formatter: a page's first one loads locale data (30-50 ms of the main
 * thread here), a cost a time label is not worth while the page starts or a turn streams.
 */
export function formatWallClock(timestamp: number): string {
  const date = new Date(timestamp)
  return [date.getHours(), date.getMinutes(), date.getSeconds()].map((part) => String(part).padStart(2, '0')).join(':')
}
