import type { TReplayPlayback } from './use-replay-playback.ts'

type TReplayPlaybackBannerProps = { playback: TReplayPlayback; source: string | undefined; onSkip: () => void }

/** Says that a recorded run is playing back (verified, no model called) and offers to skip to its end. */
export function ReplayPlaybackBanner({ playback, source, onSkip }: TReplayPlaybackBannerProps) {
  if (playback.state === 'importing') {
    return (
      <p className="progress sandbox-progress" role="status">
        <span className="spinner" aria-hidden="true" /> Verifying the recorded run {source}…
      </p>
    )
  }
  if (playback.state === 'playing') {
    return (
      <p className="progress replay-playback" role="status" aria-label="Replay playback">
        Playing back {source} at its recorded pace: hash chain verified, no model called.{' '}
        <button type="button" className="link" onClick={onSkip}>
          Skip to end
        </button>
      </p>
    )
  }
  if (playback.state === 'done') {
    return (
      <p className="progress replay-playback" role="status" aria-label="Replay playback">
        Played back {source} (hash chain verified). Continue it below: the offline demo answers, or the model chosen in Settings.
      </p>
    )
  }
  return null
}
