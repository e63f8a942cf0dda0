import { useMemo } from 'react'
import type { TSessionViewState } from '../../worker/react/session-view-state.ts'
import type { TReplayPlayback } from '../replay/use-replay-playback.ts'
import { useOutdatedError } from './use-outdated-error.ts'

/**
 * The session's view as the chat shows it. A compaction, or the manifest hydrating the workspace,
 * holds the session like a turn does: prompts queue (the host would refuse one meanwhile), and Stop
 * aborts it. While a recorded run plays back, the chat shows its messages so far and takes no
 * prompt. A failure notice given under another provider choice than `providerChoice` (a key, a
 * server, a model to fix) is no longer shown.
 */
export function useChatState(state: TSessionViewState, compacting: boolean, playback: TReplayPlayback, providerChoice: string): TSessionViewState {
  const errorOutdated = useOutdatedError(state.error, providerChoice)
  const playing = playback.state === 'importing' || playback.state === 'playing'
  const shown = errorOutdated ? { ...state, error: undefined } : state
  const held = compacting && !shown.running ? { ...shown, running: true } : shown
  return useMemo(
    () => (playing ? { ...held, sessionId: undefined, messages: playback.state === 'playing' ? held.messages.slice(0, playback.shown) : [], streamingText: '' } : held),
    // `held` is a new object while compacting or hiding an error; its parts are what change.
    [state, compacting, playback, playing, errorOutdated]
  )
}
