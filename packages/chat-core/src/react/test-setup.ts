// Vitest setup of the package. The core's tests run in node and need nothing; the React entry's
// tests declare `@vitest-environment jsdom` and get the shared DOM setup (jest-dom matchers,
// cleanup, the browser APIs Mantine needs).
if (typeof document !== 'undefined') await import('@bonds/vitest-config/setup-dom')
