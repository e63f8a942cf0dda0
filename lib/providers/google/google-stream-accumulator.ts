import type { GenerateContentResponse, GenerateContentResponseUsageMetadata, Part } from '@google/genai'
import { createId } from '../../core/create-id.ts'
import { createAssistantMessage, type TToolCall } from '../../core/messages.ts'
import type { TProviderResponse, TStopReason } from '../../core/provider.ts'
import type { IProviderStreamAccumulator } from '../shared/read-provider-stream.ts'
import { fromGoogleUsage } from './google-usage.ts'
import { GOOGLE_SYNTHETIC_CALL_ID_PREFIX, GOOGLE_THOUGHT_PARTS_METADATA_KEY } from './to-google-contents.ts'

// Finish reasons that mean Gemini withheld the reply rather than ended it.
const WITHHELD_FINISH_REASONS = new Set([
  'SAFETY',
  'RECITATION',
  'LANGUAGE',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'IMAGE_SAFETY',
  'MALFORMED_FUNCTION_CALL',
  'UNEXPECTED_TOOL_CALL'
])

/**
 * Folds Gemini's streamed `GenerateContentResponse` chunks into one assistant reply: text
 * (returned delta by delta for `onTextDelta`), whole function calls (Gemini sends each in one
 * part, several in parallel), thought parts and signatures, the finish reason and usage.
 */
export class GoogleStreamAccumulator implements IProviderStreamAccumulator<GenerateContentResponse> {
  private text = ''
  private finishReason: string | undefined
  private usage: GenerateContentResponseUsageMetadata | undefined
  private blockReason: string | undefined
  private responseId: string | undefined
  private modelVersion: string | undefined
  private readonly parts: Part[] = []
  private readonly calls: TToolCall[] = []

  /** True once a chunk carried the candidate's finish reason: the reply is whole. */
  get completed(): boolean {
    return this.finishReason !== undefined || this.blockReason !== undefined
  }

  /** Takes one chunk; returns the text it added, if any. */
  add(chunk: GenerateContentResponse): string | undefined {
    this.responseId = chunk.responseId ?? this.responseId
    this.modelVersion = chunk.modelVersion ?? this.modelVersion
    // Each chunk's usage counts the whole reply so far, so the last one wins.
    if (chunk.usageMetadata) this.usage = chunk.usageMetadata
    const blockReason: string | undefined = chunk.promptFeedback?.blockReason
    if (blockReason) this.blockReason = blockReason
    const candidate = chunk.candidates?.[0]
    const finishReason: string | undefined = candidate?.finishReason
    if (finishReason) this.finishReason = finishReason
    let added = ''
    for (const part of candidate?.content?.parts ?? []) added += this.addPart(part)
    return added || undefined
  }

  /** Why Gemini withheld the reply (a blocked prompt, a safety stop with nothing said), if it did. */
  withheldReason(): string | undefined {
    if (this.blockReason) return `the prompt was blocked (${this.blockReason})`
    if (this.finishReason && WITHHELD_FINISH_REASONS.has(this.finishReason) && !this.text && this.calls.length === 0) {
      return `the reply was stopped (${this.finishReason})`
    }
    return undefined
  }

  /**
   * The reply so far as Robota's provider response. After an abort it keeps every function call
   * that arrived, so the history shows what the model asked for; the loop answers each as
   * interrupted.
   */
  toResponse(aborted: boolean): TProviderResponse {
    const metadata = fromGoogleUsage(this.usage)
    const kept = this.parts.filter((part) => part.thought === true || part.thoughtSignature !== undefined)
    if (kept.length > 0) metadata[GOOGLE_THOUGHT_PARTS_METADATA_KEY] = kept.map((part) => JSON.stringify(part))
    const stopReason: TStopReason = aborted
      ? 'aborted'
      : this.calls.length > 0
        ? 'tool_use'
        : this.finishReason === 'MAX_TOKENS'
          ? 'max_tokens'
          : 'end_turn'
    return { ...createAssistantMessage(this.text, { toolCalls: [...this.calls], metadata }), stopReason }
  }

  /** The reply as one `GenerateContentResponse`, its parts merged, for replay. */
  toNativeResponse(): Record<string, unknown> {
    return {
      candidates: [{ content: { role: 'model', parts: this.parts }, finishReason: this.finishReason, index: 0 }],
      ...(this.usage ? { usageMetadata: this.usage } : {}),
      ...(this.modelVersion ? { modelVersion: this.modelVersion } : {}),
      ...(this.responseId ? { responseId: this.responseId } : {})
    }
  }

  private addPart(part: Part): string {
    if (part.functionCall) {
      const id = part.functionCall.id ?? `${GOOGLE_SYNTHETIC_CALL_ID_PREFIX}${createId()}`
      this.parts.push({ ...part, functionCall: { ...part.functionCall, id } })
      this.calls.push({ id, name: part.functionCall.name ?? '', arguments: part.functionCall.args ?? {} })
      return ''
    }
    if (part.text === undefined) {
      this.parts.push(part)
      return ''
    }
    const last = this.parts.at(-1)
    const thought = part.thought === true
    // A reply streams as many text parts; they are one part of the reply, whose signature comes last.
    if (last && last.text !== undefined && (last.thought === true) === thought && last.thoughtSignature === undefined) {
      last.text += part.text
      if (part.thoughtSignature) last.thoughtSignature = part.thoughtSignature
    } else {
      this.parts.push({ ...part })
    }
    if (thought) return ''
    this.text += part.text
    return part.text
  }
}
