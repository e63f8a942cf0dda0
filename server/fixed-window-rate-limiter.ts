import type { IProxyRateLimiter, TFixedWindowRateLimit, TRateLimitDecision } from './provider-proxy-options.ts'

/** Options of the in-memory fixed-window limiter; `now` is for tests. */
export type TFixedWindowRateLimiterOptions = TFixedWindowRateLimit & { now?: () => number }

type TWindow = { startedAt: number; count: number }

/**
 * At most `requests` per user in each window of `windowMs`, counted in this process's memory
 * (one server; a fleet of servers needs a shared store behind `IProxyRateLimiter`).
 */
export function createFixedWindowRateLimiter(options: TFixedWindowRateLimiterOptions): IProxyRateLimiter {
  const { requests, windowMs } = options
  const now = options.now ?? Date.now
  const windows = new Map<string, TWindow>()
  let lastSweep = now()

  // Windows of users gone quiet are dropped once per window, so the map does not grow forever.
  function sweep(at: number): void {
    if (at - lastSweep < windowMs) return
    lastSweep = at
    for (const [userId, window] of windows) if (at - window.startedAt >= windowMs) windows.delete(userId)
  }

  return {
    take(userId: string): TRateLimitDecision {
      const at = now()
      sweep(at)
      const current = windows.get(userId)
      if (!current || at - current.startedAt >= windowMs) {
        windows.set(userId, { startedAt: at, count: 1 })
        return { allowed: true }
      }
      if (current.count < requests) {
        current.count++
        return { allowed: true }
      }
      return { allowed: false, retryAfterMs: current.startedAt + windowMs - at }
    }
  }
}
