/** Whether `baseURL` is OpenAI's own API rather than an OpenAI-compatible server (a local model, a proxy). */
export function isOpenAIHost(baseURL: string): boolean {
  try {
    return new URL(baseURL).hostname === 'api.openai.com'
  } catch {
    return false
  }
}
