import { createContext, useContext } from 'react'
import type { TPendingPermission } from '../../worker/react/session-view-state.ts'

/** The permission prompts open in the chat, each asking about one tool call. */
export const PendingPermissionsContext = createContext<readonly TPendingPermission[]>([])

/** Whether the tool call `toolCallId` waits for the person to allow or deny it. */
export function useAwaitsApproval(toolCallId: string): boolean {
  return useContext(PendingPermissionsContext).some(({ request }) => request.toolCallId === toolCallId)
}
