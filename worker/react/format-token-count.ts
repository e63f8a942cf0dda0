// The page reaches the SDK's runtime through the worker client (see DESIGN.md): it writes token
// counts as the engine's /context does.
export { formatTokenCount } from '../../lib/core/context/format-token-count.ts'
