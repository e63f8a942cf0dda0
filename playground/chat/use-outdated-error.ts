import { useRef } from 'react'

/**
 * Whether the failure notice `error` was given under another provider choice than `provider`: a
 * failed turn says what to fix (a key, a server, a model), which no longer applies once the person
 * has chosen another. A new failure is shown again.
 */
export function useOutdatedError(error: string | undefined, provider: string): boolean {
  const givenUnder = useRef({ error, provider })
  if (givenUnder.current.error !== error) givenUnder.current = { error, provider }
  return error !== undefined && givenUnder.current.provider !== provider
}
