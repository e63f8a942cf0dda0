import { StrictMode } from 'react'
import { App, type TAppProps } from '../app.tsx'
import { ErrorBoundary } from './error-boundary.tsx'

/**
 * The playground page's whole tree. The build renders it to HTML and the browser's first render
 * hydrates that HTML, so both must render it the same way from the same props.
 */
export function PageRoot(props: TAppProps) {
  return (
    <StrictMode>
      <ErrorBoundary>
        <App {...props} />
      </ErrorBoundary>
    </StrictMode>
  )
}
