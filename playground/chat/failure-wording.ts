type TFailureWording = typeof import('./describe-failure.ts')

let loaded: TFailureWording | undefined
let loading: Promise<TFailureWording> | undefined

/**
 * Loads the wording of failures (`describeFailure`), its own chunk: no failure is shown in the
 * page's first paint, and it was 1 KB of the page's first script. Once per page; a load that
 * failed is tried again at the next call.
 */
export function loadFailureWording(): Promise<TFailureWording> {
  loading ??= import('./describe-failure.ts').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined
      throw error
    }
  )
  return loading
}

/** The wording, when it has loaded. */
export function loadedFailureWording(): TFailureWording | undefined {
  return loaded
}
