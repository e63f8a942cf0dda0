/** What a plugin is for; used to group plugins in listings, never to change how they run. */
export const PluginCategory = {
  LOGGING: 'logging',
  MONITORING: 'monitoring',
  STORAGE: 'storage',
  NOTIFICATION: 'notification',
  SECURITY: 'security',
  PERFORMANCE: 'performance',
  ERROR_HANDLING: 'error_handling',
  LIMITS: 'limits',
  EVENT_PROCESSING: 'event_processing',
  CUSTOM: 'custom'
} as const

/** One of the `PluginCategory` values. */
export type TPluginCategory = (typeof PluginCategory)[keyof typeof PluginCategory]
