// Prerendered first views. Some pages are rendered at build time with the app's own components
// (the find app's /find and /security/{id}); the server sends that markup inside `#root`, and the
// app hydrates it: the page is on screen, and in the accessibility tree, from the first byte, and
// the app takes it over without replacing a node. A value the server fills in per request (the
// bond's name) travels as an attribute of `#root`, so the hydrating render can read it and render
// the same text.
import {
  createContext,
  startTransition,
  use,
  useEffect,
  useLayoutEffect,
  useState,
  type ReactNode,
  type RefObject,
} from 'react'
import { COLOR_SCHEME_STORAGE_KEY } from './theme.ts'

/** Id of the element every app renders into (and a prerendered first view sits in). */
export const ROOT_ID = 'root'

/** Attributes of `#root` on a prerendered page: the path it was rendered for, and the name. */
export const FIRST_VIEW_ATTRIBUTES = {
  path: 'data-first-view-path',
  name: 'data-first-view-name',
} as const

/** What a prerendered first view was rendered with: the page's path, and the record's name. */
export interface FirstView {
  path: string
  name?: string
}

const FirstViewContext = createContext<FirstView | null>(null)

/** Provide the first view's values to the page (the app's root does this). */
export function FirstViewProvider({
  value,
  children,
}: {
  value: FirstView | null
  children: ReactNode
}) {
  return <FirstViewContext value={value}>{children}</FirstViewContext>
}

/** The name the first view of `path` showed (the server's), if this page was prerendered. */
export function useFirstViewName(path: string): string | undefined {
  const view = use(FirstViewContext)
  return view && view.path === path ? view.name : undefined
}

/** The prerendered first view in this document's `#root`, or null when the root is empty. */
export function readFirstView(root = document.getElementById(ROOT_ID)): FirstView | null {
  if (!root?.firstElementChild) return null
  const path = root.getAttribute(FIRST_VIEW_ATTRIBUTES.path)
  if (path === null) return null
  const name = root.getAttribute(FIRST_VIEW_ATTRIBUTES.name)
  return name === null ? { path } : { path, name }
}

/** First views the app has taken over (its hydration committed), each its own root's. */
const takenOver = new WeakSet<FirstView>()

/** Whether a component rendered now renders a first view the app has not yet taken over. */
function useInFirstView(): { view: FirstView | null; inFirstView: boolean } {
  const view = use(FirstViewContext)
  const [inFirstView] = useState(() => view !== null && !takenOver.has(view))
  return { view, inFirstView }
}

/**
 * False while React hydrates a prerendered first view (and when rendering it at build time), true
 * once the app has taken the page over, and always true where there is no first view. The change
 * to true is a transition, so React renders it in slices: as a store's snapshot
 * (useSyncExternalStore) it re-rendered the screener and the search at once, synchronously, a
 * 150 ms task on Lighthouse's 4× CPU right after hydration. For a control that must take no input
 * until then, use useFirstViewInert (no render at all).
 */
export function useHydrated(): boolean {
  const { view, inFirstView } = useInFirstView()
  const [hydrated, setHydrated] = useState(!inFirstView)
  useEffect(() => {
    if (hydrated) return
    if (view) takenOver.add(view)
    startTransition(() => setHydrated(true))
  }, [hydrated, view])
  return hydrated
}

/**
 * Whether to render the element `ref` points to `inert`: true in a prerendered first view (and
 * while React hydrates it), so a click or a key before the app has taken the page over is not
 * lost in a control that does nothing yet. The attribute is taken off the element itself as the
 * hydration commits, with no render: the value returned never changes for the element's life,
 * so React never puts it back. An element mounted after that, or with no first view, is never
 * inert.
 */
export function useFirstViewInert(ref: RefObject<HTMLElement | null>): boolean {
  const { view, inFirstView } = useInFirstView()
  useLayoutEffect(() => {
    if (view) takenOver.add(view)
    if (inFirstView) ref.current?.removeAttribute('inert')
  }, [view, inFirstView, ref])
  return inFirstView
}

/**
 * The colour scheme before the first paint (an inline script in a prerendered page's head; the
 * server allows it by its hash): the stored choice (theme.ts' key), else the system's.
 */
export const COLOR_SCHEME_SCRIPT =
  `try{var s=localStorage.getItem(${JSON.stringify(COLOR_SCHEME_STORAGE_KEY)});` +
  "if(s!=='light'&&s!=='dark')s=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';" +
  "document.documentElement.setAttribute('data-mantine-color-scheme',s)}catch(e){}"
