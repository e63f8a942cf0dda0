import { useEffect, useRef } from 'react'
import type { IAgentHost, THostEventListener } from '../../lib/host/agent-host.ts'

/**
 * Subscribes to the host's event batches for as long as the component is mounted. The latest
 * `listener` is called, so it may close over fresh state without resubscribing.
 */
export function useHostEvents(host: IAgentHost, listener: THostEventListener): void {
  const latest = useRef(listener)
  latest.current = listener

  useEffect(() => {
    let subscriptionId: number | undefined
    let active = true
    void host
      .subscribe((events) => (active ? latest.current(events) : undefined))
      .then((id) => {
        subscriptionId = id
        if (!active) void host.unsubscribe(id)
      })
    return () => {
      active = false
      if (subscriptionId !== undefined) void host.unsubscribe(subscriptionId)
    }
  }, [host])
}
