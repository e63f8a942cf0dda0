// The model tables the page shows in its settings. The playground may take values only from
// `worker/`, so the core's tables reach it through here rather than as a restated copy.
export { CLAUDE_MODELS, DEFAULT_CONTEXT_WINDOW, GEMINI_MODELS, OPENAI_MODELS } from '../lib/core/context/models.ts'
