import { Component, type ErrorInfo, type ReactNode } from 'react'

type TErrorBoundaryState = { error: Error | undefined }

/** Keeps a rendering failure from blanking the page: says what broke and offers a reload. */
export class ErrorBoundary extends Component<{ children: ReactNode }, TErrorBoundaryState> {
  override state: TErrorBoundaryState = { error: undefined }

  static getDerivedStateFromError(error: Error): TErrorBoundaryState {
    return { error }
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // Kept for whoever opens the console: the component stack says where it broke.
    console.error('The playground failed to render:', error, info.componentStack)
  }

  override render(): ReactNode {
    const { error } = this.state
    if (!error) return this.props.children
    return (
      <div className="robota-root crashed" role="alert">
        <h1>The playground hit an error</h1>
        <p>{error.message}</p>
        <p className="note">Sessions are stored in this browser and are safe; reloading usually recovers.</p>
        <button type="button" onClick={() => location.reload()}>
          Reload
        </button>
      </div>
    )
  }
}
