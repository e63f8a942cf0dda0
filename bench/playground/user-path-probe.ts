// What the page records of a turn as a user feels it, on the page's clock in epoch milliseconds
// (`performance.timeOrigin + performance.now()`): when the prompt was submitted, when a marker
// text first reached the conversation and when the frame that shows it was painted, and the
// main thread's long tasks.

/** When a watched marker appeared: in the DOM, at the next frame, and after that frame was painted. */
export type TMarkerPaint = { marker: string; inDomAt: number; frameAt: number; paintedAt: number }

/** A main-thread task over 50 ms, on the page's epoch clock. */
export type TLongTask = { startAt: number; duration: number }

/** The probe the page carries as `window.robotaUserPath`. */
export type TUserPathProbe = {
  submits: number[]
  paints: TMarkerPaint[]
  longTasks: TLongTask[]
  /** Starts watching the conversation for `marker` in its last message. */
  watch(marker: string): void
}

/** The probe's global, for `page.evaluate` callers. */
export type TUserPathWindow = Window & { robotaUserPath: TUserPathProbe }

/**
 * Installs the probe; handed to `page.addInitScript`, so it runs before the playground's own
 * scripts and must not use anything from outside its body.
 */
export function installUserPathProbe(): void {
  const now = () => performance.timeOrigin + performance.now()
  const probe: TUserPathProbe = {
    submits: [],
    paints: [],
    longTasks: [],
    watch(marker) {
      const conversation = document.querySelector('section[aria-label="Conversation"]')
      if (!conversation) throw new Error('The playground shows no conversation to watch.')
      // A live collection, so each check reads the last message without querying the page again.
      const articles = conversation.getElementsByTagName('article')
      const observer = new MutationObserver(() => {
        if (!articles[articles.length - 1]?.textContent?.includes(marker)) return
        const inDomAt = now()
        observer.disconnect()
        requestAnimationFrame(() => {
          const frameAt = now()
          // A task posted from a frame callback runs once that frame's rendering, paint included, is done.
          const channel = new MessageChannel()
          channel.port1.onmessage = () => probe.paints.push({ marker, inDomAt, frameAt, paintedAt: now() })
          channel.port2.postMessage(null)
        })
      })
      observer.observe(conversation, { childList: true, subtree: true, characterData: true })
    }
  }
  ;(window as unknown as TUserPathWindow).robotaUserPath = probe
  // Capturing at the window runs before the form's own handler sends the prompt; other forms
  // (the settings dialog's) are not prompts.
  window.addEventListener(
    'submit',
    (event) => {
      if (event.target instanceof Element && event.target.matches('form.prompt')) probe.submits.push(now())
    },
    true
  )
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.longTasks.push({ startAt: performance.timeOrigin + entry.startTime, duration: entry.duration })
  }).observe({ type: 'longtask', buffered: true })
}
