// The first view in the HTML: some pages are prerendered at build time (the find app's /find and
// /security/{id}) and the server sends that markup, inert, in `#prerender` before the empty
// `#root`; an inline style hides `#root` while `#prerender` is there. The app removes the
// prerendered copy in the same commit that renders the real page, so the swap is one frame and
// nothing moves. A page whose first view waits for data holds the swap until it is ready.
import { COLOR_SCHEME_STORAGE_KEY } from './theme.ts'

/** Id of the element holding the prerendered first view. */
export const FIRST_VIEW_ID = 'prerender'

/** The inline style that hides the app's root while the prerendered first view shows. */
export const FIRST_VIEW_STYLE = `#${FIRST_VIEW_ID} + #root { display: none }`

let holds = 0

/** Remove the prerendered first view unless a page still holds it. */
export function revealApp(): void {
  if (holds > 0 || typeof document === 'undefined') return
  document.getElementById(FIRST_VIEW_ID)?.remove()
}

/** Keep the prerendered first view while `hold` is true; the last release reveals the app. */
export function holdFirstView(): () => void {
  holds += 1
  let released = false
  return () => {
    if (released) return
    released = true
    holds -= 1
    revealApp()
  }
}

/**
 * The colour scheme before the first paint (an inline script in a prerendered page's head; the
 * server allows it by its hash): the stored choice (theme.ts' key), else the system's.
 */
export const COLOR_SCHEME_SCRIPT =
  `try{var s=localStorage.getItem(${JSON.stringify(COLOR_SCHEME_STORAGE_KEY)});` +
  "if(s!=='light'&&s!=='dark')s=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';" +
  "document.documentElement.setAttribute('data-mantine-color-scheme',s)}catch(e){}"
