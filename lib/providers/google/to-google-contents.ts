import type { Content, FunctionDeclaration, Part } from '@google/genai'
import type { TAssistantMessage, TUniversalMessage } from '../../core/messages.ts'
import type { IToolSchema } from '../../core/provider.ts'

/**
 * Metadata key under which an assistant message keeps the parts Gemini signed or marked as
 * thought, one JSON text each, so they go back exactly as the model sent them.
 */
export const GOOGLE_THOUGHT_PARTS_METADATA_KEY = 'googleThoughtParts'

/**
 * Prefix of the ids Robota gives function calls that Gemini sent without one. Such an id exists
 * only on Robota's side, so it is never sent back to the API.
 */
export const GOOGLE_SYNTHETIC_CALL_ID_PREFIX = 'robota-gemini-call-'

/** The `systemInstruction` and `contents` of a Gemini request. */
export type TGoogleConversation = { systemInstruction: string | undefined; contents: Content[] }

/**
 * Converts Robota messages to Gemini contents. System messages become `systemInstruction`;
 * assistant turns are `model` contents; the results of one round's calls share one `user`
 * content, one `functionResponse` part each, named after the tool they answer. Thought parts
 * and thought signatures kept in metadata go back in their places, as Gemini requires for
 * function calling with thinking models.
 */
export function toGoogleContents(messages: readonly TUniversalMessage[]): TGoogleConversation {
  const system: string[] = []
  const contents: Content[] = []
  for (const message of messages) {
    switch (message.role) {
      case 'system':
        system.push(message.content)
        break
      case 'user':
        appendContent(contents, 'user', [{ text: message.content }])
        break
      case 'tool':
        appendContent(contents, 'user', [
          {
            functionResponse: {
              ...(isSyntheticCallId(message.toolCallId) ? {} : { id: message.toolCallId }),
              name: message.toolName,
              response: toFunctionResponse(message.content)
            }
          }
        ])
        break
      case 'assistant': {
        const parts = toModelParts(message)
        if (parts.length > 0) appendContent(contents, 'model', parts)
        break
      }
    }
  }
  return { systemInstruction: system.length > 0 ? system.join('\n\n') : undefined, contents }
}

/** Converts tool schemas to Gemini function declarations, their parameters as JSON Schema. */
export function toGoogleFunctionDeclarations(tools: readonly IToolSchema[]): FunctionDeclaration[] {
  return tools.map((tool) => {
    // Gemini's JSON Schema subset has no `$schema` keyword; the rest passes as written.
    const { $schema: _dialect, ...parameters } = tool.parameters as Record<string, unknown>
    return { name: tool.name, description: tool.description, parametersJsonSchema: parameters }
  })
}

/** True for an id Robota made up for a call Gemini sent without one. */
export function isSyntheticCallId(id: string): boolean {
  return id.startsWith(GOOGLE_SYNTHETIC_CALL_ID_PREFIX)
}

// Gemini wants a JSON object as a function's response; a tool's text result is one when it is
// a JSON object, and is otherwise wrapped as `{ output }`.
function toFunctionResponse(content: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(content)
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>
  } catch {
    // Not JSON: plain text output.
  }
  return { output: content }
}

function toModelParts(message: TAssistantMessage): Part[] {
  const kept = readKeptParts(message)
  const parts: Part[] = kept.filter((part) => part.thought === true)
  const textSignature = kept.find((part) => part.thought !== true && part.text !== undefined)?.thoughtSignature
  if (message.content) parts.push({ text: message.content, ...(textSignature ? { thoughtSignature: textSignature } : {}) })
  const keptCalls = kept.filter((part) => part.functionCall !== undefined)
  for (const call of message.toolCalls ?? []) {
    // Kept call parts carry the id Robota knows the call by, synthetic or not.
    const signature = keptCalls.find((part) => part.functionCall?.id === call.id)?.thoughtSignature
    parts.push({
      functionCall: { ...(isSyntheticCallId(call.id) ? {} : { id: call.id }), name: call.name, args: call.arguments },
      ...(signature ? { thoughtSignature: signature } : {})
    })
  }
  return parts
}

function readKeptParts(message: TAssistantMessage): Part[] {
  const stored = message.metadata?.[GOOGLE_THOUGHT_PARTS_METADATA_KEY]
  if (!Array.isArray(stored)) return []
  return stored.filter((entry): entry is string => typeof entry === 'string').map((entry) => JSON.parse(entry) as Part)
}

// Gemini expects turns to alternate; the results of one round, and any text after them, share
// one user content.
function appendContent(contents: Content[], role: 'user' | 'model', parts: Part[]): void {
  const last = contents.at(-1)
  if (last && last.role === role) {
    last.parts = [...(last.parts ?? []), ...parts]
    return
  }
  contents.push({ role, parts })
}
