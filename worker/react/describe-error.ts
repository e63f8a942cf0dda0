// The page reaches the SDK's runtime through the worker client (see DESIGN.md), so the helper is offered here too.
export { describeError } from '../../lib/core/describe-error.ts'
