import { useCallback, useRef } from 'react'
import type { TMayTakeFocus } from './focus-policy.ts'

/**
 * The policy for one playground root: it may take the keyboard from the start when
 * `takeFocusAtStart`, otherwise once the reader has put the keyboard somewhere inside it.
 *
 * @returns `mayTakeFocus`, the value of `FocusPolicyContext`, and `onFocusInside`, the root's
 * `onFocusCapture` handler; both the same across renders.
 */
export function useFocusPolicy(takeFocusAtStart: boolean): { mayTakeFocus: TMayTakeFocus; onFocusInside: () => void } {
  const engaged = useRef(takeFocusAtStart)
  const mayTakeFocus = useCallback(() => engaged.current, [])
  const onFocusInside = useCallback(() => {
    engaged.current = true
  }, [])
  return { mayTakeFocus, onFocusInside }
}
