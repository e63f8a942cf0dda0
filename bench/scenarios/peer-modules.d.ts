// The peers live in bench/node_modules, which only `npm run bench` installs; the root typecheck
// (`npm test`, CI) runs without them. These declarations cover exactly what the scenarios use, so
// the bench type-checks either way; each scenario checks at run time that its loop really ran.

declare module 'ai' {
  /** A tool for `generateText`/`streamText`: a zod (or Standard Schema) input and an `execute`. */
  export type Tool<TInput, TOutput> = {
    description?: string
    inputSchema: { parse(value: unknown): TInput }
    execute?: (input: TInput) => Promise<TOutput>
  }
  export type StopCondition = { readonly __stopCondition: true }
  type TStep = { toolResults: unknown[] }
  type TCallSettings = {
    model: unknown
    tools?: Record<string, Tool<{ a: number; b: number }, unknown>>
    stopWhen?: StopCondition
    prompt: string
  }
  export function tool<TInput, TOutput>(definition: Tool<TInput, TOutput>): Tool<TInput, TOutput>
  export function stepCountIs(count: number): StopCondition
  export function generateText(settings: TCallSettings): Promise<{ text: string; steps: TStep[] }>
  export function streamText(settings: TCallSettings): {
    textStream: AsyncIterable<string>
    steps: Promise<TStep[]>
    consumeStream(): Promise<void>
  }
}

declare module 'ai/test' {
  type TGenerateResult = {
    content: Array<{ type: 'text'; text: string } | { type: 'tool-call'; toolCallId: string; toolName: string; input: string }>
    finishReason: { unified: 'stop' | 'tool-calls'; raw: undefined }
    usage: unknown
    warnings: unknown[]
  }
  type TStreamResult = { stream: ReadableStream<unknown> }
  /** `ai`'s mock language model (specification v3): it logs each call, then answers. */
  export class MockLanguageModelV3 {
    constructor(options: { doGenerate?: () => Promise<TGenerateResult>; doStream?: () => Promise<TStreamResult> })
    doGenerateCalls: unknown[]
    doStreamCalls: unknown[]
  }
  export function convertArrayToReadableStream<T>(values: T[]): ReadableStream<T>
}

declare module '@openai/agents' {
  type TOutputText = { type: 'output_text'; text: string }
  type TOutputItem =
    | { type: 'message'; role: 'assistant'; status: 'completed'; content: TOutputText[] }
    | { type: 'function_call'; callId: string; name: string; arguments: string; status: 'completed' }
  export class Usage {}
  export type ModelRequest = { input: unknown }
  export type ModelResponse = { usage: Usage; output: TOutputItem[]; responseId?: string }
  export type StreamEvent =
    | { type: 'response_started' }
    | { type: 'output_text_delta'; delta: string }
    | {
        type: 'response_done'
        response: { id: string; usage: { requests: number; inputTokens: number; outputTokens: number; totalTokens: number }; output: TOutputItem[] }
      }
  /** The SDK's port for models; a fake implements it as the SDK's own tests do. */
  export interface Model {
    getResponse(request: ModelRequest): Promise<ModelResponse>
    getStreamedResponse(request: ModelRequest): AsyncIterable<StreamEvent>
  }
  export type FunctionTool = { readonly type: 'function'; readonly name: string }
  export function tool<TInput, TOutput>(definition: {
    name: string
    description: string
    parameters: { parse(value: unknown): TInput }
    execute: (input: TInput) => Promise<TOutput>
  }): FunctionTool
  export class Agent {
    constructor(options: { name: string; model?: Model; tools?: FunctionTool[] })
  }
  export function setTracingDisabled(disabled: boolean): void
  export function run(agent: Agent, input: string, options: { maxTurns?: number; stream?: false }): Promise<{ newItems: Array<{ type: string }> }>
  export function run(
    agent: Agent,
    input: string,
    options: { maxTurns?: number; stream: true }
  ): Promise<{ toTextStream(): AsyncIterable<string>; completed: Promise<void> }>
}
