/**
 * Wraps a read so that calls never overlap: a call while a read runs asks for one more read after
 * it, however many such calls come, and that read sees every change they were told of. Several
 * tabs that announce the same change at once then cost two reads, not one each. A failed read is
 * left to `read` to report; the next call reads again.
 */
export function coalesceReads(read: () => Promise<unknown>): () => void {
  let running = false
  let again = false
  const start = () => {
    running = true
    void read()
      .catch(() => undefined)
      .finally(() => {
        running = false
        if (!again) return
        again = false
        start()
      })
  }
  return () => {
    if (running) again = true
    else start()
  }
}
