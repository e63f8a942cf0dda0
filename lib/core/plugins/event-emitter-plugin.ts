import { AbstractPlugin } from './abstract-plugin.ts'
import {
  toPluginEventError,
  type TEventEmitterEventOf,
  type TEventEmitterEventDataMap,
  type TEventEmitterEventName,
  type TEventEmitterListener
} from './event-emitter-events.ts'
import { PluginCategory } from './plugin-category.ts'
import type {
  TPluginExecutionContext,
  TPluginExecutionResult,
  TPluginToolCall,
  TPluginToolResult
} from './plugin-context.ts'
import { PluginPriority } from './plugin-priority.ts'

/** Receives a listener's failure; the other listeners and the run carry on. */
export type TEventListenerErrorCallback = (error: unknown, eventName: TEventEmitterEventName) => void

type TListenerSets = { [TName in TEventEmitterEventName]: Set<TEventEmitterListener<TName>> }

/**
 * The built-in plugin: turns lifecycle hooks into named events (`execution.start`,
 * `tool.execute_success`, `agent.stream_chunk`, …) for subscribers. A failing listener is
 * reported to `onListenerError` and never reaches the run.
 */
export class EventEmitterPlugin extends AbstractPlugin {
  readonly name = 'EventEmitterPlugin'
  override readonly category = PluginCategory.EVENT_PROCESSING
  override readonly priority = PluginPriority.HIGHEST
  private readonly onListenerError: TEventListenerErrorCallback | undefined
  private readonly listeners: TListenerSets = {
    'execution.start': new Set(),
    'execution.complete': new Set(),
    'execution.error': new Set(),
    'tool.execute_start': new Set(),
    'tool.execute_success': new Set(),
    'tool.execute_error': new Set(),
    'agent.stream_chunk': new Set()
  }

  constructor(options: { onListenerError?: TEventListenerErrorCallback } = {}) {
    super()
    this.onListenerError = options.onListenerError
  }

  /** Subscribes `listener` to one event name; returns a function that unsubscribes it. */
  on<TName extends TEventEmitterEventName>(eventName: TName, listener: TEventEmitterListener<TName>): () => void {
    this.listeners[eventName].add(listener)
    return () => this.off(eventName, listener)
  }

  /** Unsubscribes `listener`; unknown listeners are ignored. */
  off<TName extends TEventEmitterEventName>(eventName: TName, listener: TEventEmitterListener<TName>): void {
    this.listeners[eventName].delete(listener)
  }

  override beforeRun(context: TPluginExecutionContext): void {
    this.emit('execution.start', context, { input: context.input })
  }

  override afterRun(context: TPluginExecutionContext, result: TPluginExecutionResult): void {
    this.emit('execution.complete', context, {
      response: result.response,
      interrupted: result.interrupted ?? false,
      toolsExecuted: [...result.toolsExecuted]
    })
  }

  override onError(context: TPluginExecutionContext, error: unknown): void {
    this.emit('execution.error', context, { error: toPluginEventError(error) })
  }

  override onStreamChunk(context: TPluginExecutionContext, chunk: string): void {
    this.emit('agent.stream_chunk', context, { chunk })
  }

  override beforeToolExecution(context: TPluginExecutionContext, call: TPluginToolCall): void {
    this.emit('tool.execute_start', context, {
      toolName: call.toolName,
      toolCallId: call.toolCallId,
      parameters: call.parameters
    })
  }

  override afterToolExecution(
    context: TPluginExecutionContext,
    call: TPluginToolCall,
    result: TPluginToolResult
  ): void {
    const { toolName, toolCallId } = call
    if (result.success) {
      this.emit('tool.execute_success', context, { toolName, toolCallId, result: result.result })
      return
    }
    const error = result.error ?? 'Tool execution failed.'
    this.emit('tool.execute_error', context, { toolName, toolCallId, error })
  }

  private emit<TName extends TEventEmitterEventName>(
    eventName: TName,
    context: TPluginExecutionContext,
    data: TEventEmitterEventDataMap[TName]
  ): void {
    const listeners = this.listeners[eventName]
    if (listeners.size === 0) return
    const event: TEventEmitterEventOf<TName> = {
      type: eventName,
      timestamp: Date.now(),
      executionId: context.executionId,
      sessionId: context.sessionId,
      ...(context.round === undefined ? {} : { round: context.round }),
      data
    }
    // A snapshot, so a listener that subscribes or unsubscribes others does not change this dispatch.
    for (const listener of [...listeners]) {
      try {
        const outcome = listener(event)
        if (outcome instanceof Promise) outcome.catch((error: unknown) => this.reportListenerError(error, eventName))
      } catch (error) {
        this.reportListenerError(error, eventName)
      }
    }
  }

  private reportListenerError(error: unknown, eventName: TEventEmitterEventName): void {
    try {
      this.onListenerError?.(error, eventName)
    } catch {
      // A failing reporter must not turn an isolated listener error into a run failure.
    }
  }
}
