// Prerendered first views. Some pages are rendered at build time with the app's own components
// (the find app's /find and /security/{id}); the server sends that markup inside `#root`, and the
// app hydrates it: the page is on screen, and in the accessibility tree, from the first byte, and
// the app takes it over without replacing a node. A value the server fills in per request (the
// bond's name) travels as an attribute of `#root`, so the hydrating render can read it and render
// the same text.
import { createContext, use, useSyncExternalStore, type ReactNode } from 'react'
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

const noSubscription = () => () => {}

/**
 * False while React hydrates a prerendered first view (and when rendering it at build time), true
 * once the app has taken the page over. Controls of a first view stay inert until then: a click
 * or a key before it would otherwise be lost.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}

/**
 * The colour scheme before the first paint (an inline script in a prerendered page's head; the
 * server allows it by its hash): the stored choice (theme.ts' key), else the system's.
 */
export const COLOR_SCHEME_SCRIPT =
  `try{var s=localStorage.getItem(${JSON.stringify(COLOR_SCHEME_STORAGE_KEY)});` +
  "if(s!=='light'&&s!=='dark')s=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';" +
  "document.documentElement.setAttribute('data-mantine-color-scheme',s)}catch(e){}"
