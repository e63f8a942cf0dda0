import { useLayoutEffect } from 'react'
import type { IAgentHost } from '../../lib/host/agent-host.ts'
import { ReplayPlaybackBanner } from './replay-playback-banner.tsx'
import { useReplayPlayback, type TInitialReplay, type TOpenSession, type TReplayPlayback } from './use-replay-playback.ts'

type TReplayPlaybackProps = {
  host: IAgentHost
  replay: TInitialReplay
  open: (sessionId: string) => void
  session: TOpenSession
  onPlayback: (playback: TReplayPlayback) => void
}

/**
 * Plays a recorded session back (`useReplayPlayback`), says where it stands, and reports each step
 * to `onPlayback`. A component of its own so the page loads it only when given a recording.
 */
export function ReplayPlayback({ host, replay, open, session, onPlayback }: TReplayPlaybackProps) {
  const { playback, skip } = useReplayPlayback(host, replay, open, session)
  // Before the browser paints, so the chat never shows more messages than the banner has reached.
  useLayoutEffect(() => {
    onPlayback(playback)
  }, [playback, onPlayback])
  return <ReplayPlaybackBanner playback={playback} source={replay.source} onSkip={skip} />
}
