// Runs before every DOM test file: jest-dom matchers, cleanup, and the browser APIs
// Mantine needs that jsdom lacks (matchMedia, ResizeObserver, scrollIntoView).
import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, vi } from 'vitest'
import { WAIT_TIMEOUT_MS } from './timeouts.js'

// `findBy…` and `waitFor` wait for a state this long (Testing Library's own default is 1 s).
configure({ asyncUtilTimeout: WAIT_TIMEOUT_MS })

// DOM test files share their worker's environment and modules (`isolate: false`): each test leaves
// the document, storage and clock as it found them.
afterEach(() => {
  cleanup()
  window.localStorage.clear()
  window.sessionStorage.clear()
  vi.useRealTimers()
  document.title = ''
})

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  })
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub })
}
if (!Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => {}
}
Object.defineProperty(window, 'scrollTo', { writable: true, value: () => {} })
// Mantine's autosizing Textarea listens for web fonts loading; jsdom has no `document.fonts`.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  })
}
