import { useState } from 'react'

type TEarlierEventsButtonProps = {
  /** Pages in up to `count` events before the loaded ones. */
  onLoad: (count: number) => Promise<void>
  /** How many events one press brings in. */
  pageSize: number
}

/** Says the log shows the latest turns only and pages in the events before them. */
export function EarlierEventsButton({ onLoad, pageSize }: TEarlierEventsButtonProps) {
  const [loading, setLoading] = useState(false)
  const load = async () => {
    setLoading(true)
    try {
      await onLoad(pageSize)
    } finally {
      setLoading(false)
    }
  }
  return (
    <p className="earlier-events note">
      The latest turns’ events are shown; turns are numbered from the first loaded one.{' '}
      <button type="button" onClick={() => void load()} disabled={loading}>
        {loading ? 'Loading earlier events…' : 'Load earlier events'}
      </button>
    </p>
  )
}
