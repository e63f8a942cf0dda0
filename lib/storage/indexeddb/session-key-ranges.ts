/** Every event key of one session, optionally narrowed to a seq interval (both ends included). */
export function eventRange(sessionId: string, fromSeq = 0, toSeq = Number.POSITIVE_INFINITY): IDBKeyRange {
  return IDBKeyRange.bound([sessionId, fromSeq], [sessionId, toSeq])
}

/** The message keys of one session from `fromIndex` up to, not including, `toIndex`. */
export function messageRange(sessionId: string, fromIndex = 0, toIndex = Number.POSITIVE_INFINITY): IDBKeyRange {
  return IDBKeyRange.bound([sessionId, fromIndex], [sessionId, toIndex], false, true)
}

/** Every payload key of one session. */
export function payloadRange(sessionId: string): IDBKeyRange {
  return IDBKeyRange.bound([sessionId, ''], [sessionId, '\uffff'])
}
