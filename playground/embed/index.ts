import { defineRobotaPlayground } from './robota-playground-element.tsx'

export { defineRobotaPlayground, RobotaPlaygroundElement, ROBOTA_PLAYGROUND_ATTRIBUTES } from './robota-playground-element.tsx'

// Loaded as a plain module on a static page, it registers the element itself.
defineRobotaPlayground()
