import { createSystemMessage, getMessagesForAPI, type TUniversalMessage } from '../messages.ts'

/**
 * The messages of one provider call: the configured system message first (given stable
 * identity so replay logs compare equal across rounds), then the history as the API needs it.
 */
export function buildRequestMessages(
  systemMessage: string | undefined,
  history: readonly TUniversalMessage[]
): TUniversalMessage[] {
  const messages = getMessagesForAPI(history)
  if (!systemMessage) return messages
  return [createSystemMessage(systemMessage, { id: 'system', timestamp: 0 }), ...messages]
}
