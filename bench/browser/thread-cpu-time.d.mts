/** The trace category `pageThreadCpuMs` needs. */
export declare const THREAD_CPU_TRACE_CATEGORIES: string[]

/** CPU milliseconds of the page's main thread and its dedicated workers, from a Chromium trace. */
export declare function pageThreadCpuMs(traceBuffer: Buffer): { main: number; workers: number } | undefined
