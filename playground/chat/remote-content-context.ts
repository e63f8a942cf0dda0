import { createContext, useContext } from 'react'

/** The hosts whose images model text may load without a click; empty unless the settings name some. */
export const AllowedImageHostsContext = createContext<readonly string[]>([])

/** The allow-list in force where a message renders. */
export function useAllowedImageHosts(): readonly string[] {
  return useContext(AllowedImageHostsContext)
}
