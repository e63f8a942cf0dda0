type TSessionHeaderProps = {
  /** False while no session is open, or while another tab drives it. */
  enabled: boolean
  onOpenSessionSettings: () => void
}

/** The bar above the conversation: what belongs to the open session alone (its own settings). */
export function SessionHeader({ enabled, onOpenSessionSettings }: TSessionHeaderProps) {
  return (
    <div className="session-header">
      <button type="button" aria-haspopup="dialog" disabled={!enabled} onClick={onOpenSessionSettings} title="System prompt, temperature, max tokens and tools of this session">
        Session settings
      </button>
    </div>
  )
}
