import { createContext, useContext } from 'react'

/** Whether the playground may move the keyboard on its own now (a session opening, a prompt appearing). */
export type TMayTakeFocus = () => boolean

/**
 * On its own page the playground moves the keyboard where the work is. Embedded in another page it
 * does so only once the reader has used it: before that, a focus moved would scroll the page down to
 * it as it loads, away from what the reader is reading.
 */
export const FocusPolicyContext = createContext<TMayTakeFocus>(() => true)

/** The check to make before moving the keyboard unasked. */
export function useMayTakeFocus(): TMayTakeFocus {
  return useContext(FocusPolicyContext)
}
