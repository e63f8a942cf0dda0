// One name for every app on the origin: a tab that hears of another app's change only reads its
// own list again.
const CHANNEL_NAME = 'robota:session-list'

/** A tab's line to the page's other tabs about their stored sessions. */
export type TSessionListBroadcast = {
  /** Tells the other tabs that this one changed the stored sessions, or ended a turn of `turnEndedIn`. */
  announce: (turnEndedIn?: string) => void
  close: () => void
}

/**
 * Keeps the session lists of the page's tabs in step: `onChanged` runs when another tab says it
 * changed the stored sessions, with the id of the session a turn ended in when that was the change, so a
 * list in a tab left in the background is current too, not only once that tab is back in front.
 * Where there is no `BroadcastChannel`, nothing is said or heard.
 */
export function openSessionListBroadcast(onChanged: (turnEndedIn: unknown) => void): TSessionListBroadcast {
  if (typeof BroadcastChannel !== 'function') return { announce: () => undefined, close: () => undefined }
  const channel = new BroadcastChannel(CHANNEL_NAME)
  // Another app on the origin, or an older page, may say less: any message means the list changed.
  channel.onmessage = (message: MessageEvent<unknown>) => onChanged(message.data)
  return { announce: (turnEndedIn) => channel.postMessage(turnEndedIn ?? 0), close: () => channel.close() }
}
