import { useCallback, useRef, useState } from 'react'

/** What a prompt waits for before its turn is submitted, and how Stop cancels that wait. */
export type TTurnPreparation = {
  /** True while a prompt's preparation runs: the chat shows its turn as running. */
  preparing: boolean
  /** Runs `steps` as the turn's preparation; resolves `false` when Stop cancelled it meanwhile. */
  prepare: (steps: () => Promise<void>) => Promise<boolean>
  /** Cancels the preparation under way, if any; its prompt is then not submitted. */
  cancel: () => void
}

/**
 * Some prompts wait before their turn is submitted: the session's first names it, and a provider
 * switch must reach the worker first. Each wait is a call to the worker, which can take seconds
 * while the worker restarts. The turn counts as running from the click on, so a prompt sent
 * meanwhile queues behind it instead of racing it, and Stop cancels the prompt before it is sent.
 */
export function useTurnPreparation(): TTurnPreparation {
  const [preparing, setPreparing] = useState(false)
  const cancelled = useRef<{ value: boolean } | undefined>(undefined)

  const prepare = useCallback(async (steps: () => Promise<void>) => {
    const current = { value: false }
    cancelled.current = current
    setPreparing(true)
    try {
      await steps()
    } finally {
      if (cancelled.current === current) cancelled.current = undefined
      setPreparing(false)
    }
    return !current.value
  }, [])

  const cancel = useCallback(() => {
    if (cancelled.current) cancelled.current.value = true
  }, [])

  return { preparing, prepare, cancel }
}
