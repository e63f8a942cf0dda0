/**
 * How failure messages name the server a base URL points at: host, port and path, without the
 * scheme or a trailing slash (`localhost:11434/v1`, `api.openai.com/v1`), as a user who typed it
 * recognises it. A base URL that does not parse is named as it is.
 */
export function toServerLabel(baseURL: string): string {
  try {
    const url = new URL(baseURL)
    return `${url.host}${url.pathname.replace(/\/+$/, '')}`
  } catch {
    return baseURL
  }
}
