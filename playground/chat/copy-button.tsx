import { useEffect, useState } from 'react'

/** How long the button says "Copied" before it reads "Copy" again. */
const CONFIRMATION_MS = 2_000

/** Copies `text` to the clipboard and says so, or says why it could not. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  useEffect(() => {
    if (state === 'idle') return
    const timer = setTimeout(() => setState('idle'), CONFIRMATION_MS)
    return () => clearTimeout(timer)
  }, [state])
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text)
      setState('copied')
    } catch {
      // A page without clipboard access (an embed in a frame that denies it, say) says so.
      setState('failed')
    }
  }
  return (
    <button type="button" className="link" aria-label={label} onClick={() => void copy()}>
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy blocked by the browser' : 'Copy'}
    </button>
  )
}
