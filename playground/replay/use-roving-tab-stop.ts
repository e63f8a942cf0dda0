import { useState, type FocusEvent, type KeyboardEvent } from 'react'

/** What a widget of several buttons needs to be one tab stop: which button takes Tab, and the handlers of its container. */
export type TRovingTabStop = {
  /** The key of the one button with `tabIndex` 0; the others have -1. */
  tabStop: string | undefined
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void
  onFocus: (event: FocusEvent<HTMLElement>) => void
}

const MOVES: Record<string, (index: number, last: number) => number> = {
  ArrowDown: (index) => index + 1,
  ArrowRight: (index) => index + 1,
  ArrowUp: (index) => index - 1,
  ArrowLeft: (index) => index - 1,
  Home: () => 0,
  End: (_, last) => last
}

/**
 * A WAI-ARIA roving tab index over the buttons of a container, `keys` naming them in document
 * order: Tab stops at one of them (the one last focused, else `preferred`, else the first), the
 * arrows move to the next or previous one and Home and End to the first and last, without wrapping.
 */
export function useRovingTabStop(keys: readonly string[], preferred: string | undefined): TRovingTabStop {
  const [focused, setFocused] = useState<string | undefined>()
  const tabStop = [focused, preferred].find((key) => key !== undefined && keys.includes(key)) ?? keys[0]
  const buttonsOf = (container: HTMLElement) => [...container.querySelectorAll<HTMLButtonElement>('button')]

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const move = MOVES[event.key]
    const buttons = buttonsOf(event.currentTarget)
    const index = buttons.indexOf(event.target as HTMLButtonElement)
    if (!move || index < 0) return
    event.preventDefault()
    buttons[Math.min(buttons.length - 1, Math.max(0, move(index, buttons.length - 1)))]?.focus()
  }

  const onFocus = (event: FocusEvent<HTMLElement>) => {
    const key = keys[buttonsOf(event.currentTarget).indexOf(event.target as HTMLButtonElement)]
    if (key !== undefined && key !== focused) setFocused(key)
  }

  return { tabStop, onKeyDown, onFocus }
}
