// A documentation page's script: the playground element, bundled with the page. The bundler finds
// the element's worker and builds it with the worker's chunks (the shell, git, the vendor SDKs).
import { defineRobotaPlayground } from 'robota/embed'

defineRobotaPlayground()
