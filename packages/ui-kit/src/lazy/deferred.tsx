// A menu or popover whose code is fetched when the user shows interest in it: hovering or
// focusing its target fetches the code, pressing the target shows the real one, opened (a
// screen's first load carries what it shows, not what its menus hold; issue 21). Until then a
// stand-in target that looks the same is on screen.
import {
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
  type RefObject,
} from 'react'

// `ComponentType<any>`: React.lazy's own bound (a component of any props).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>

/** A lazily loaded component whose code can be fetched ahead of its first render. */
export type PreloadableComponent<T extends AnyComponent> = LazyExoticComponent<T> & {
  preload: () => Promise<unknown>
}

/**
 * `React.lazy` with a `preload()` that fetches the same module once; a failed fetch is forgotten,
 * so the next hover or press tries again.
 */
export function lazyWithPreload<T extends AnyComponent>(
  load: () => Promise<{ default: T }>,
): PreloadableComponent<T> {
  let pending: Promise<{ default: T }> | null = null
  const get = () => {
    pending ??= load().catch((error: unknown) => {
      pending = null
      throw error
    })
    return pending
  }
  return Object.assign(lazy(get), { preload: () => get().catch(() => undefined) })
}

/**
 * What the stand-in target takes: hover and focus fetch the code, a press opens the real one; it
 * tells assistive technology what the real target does (a closed menu or dialog).
 */
export interface DeferredTargetProps {
  'aria-haspopup': 'menu' | 'dialog'
  'aria-expanded': false
  onPointerEnter: () => void
  onFocus: () => void
  onClick: () => void
}

/** Props of Deferred. */
export interface DeferredProps {
  /** Fetch the real one's code (`lazyWithPreload`'s `preload`). */
  preload: () => Promise<unknown>
  /** What the target opens: a menu (Mantine's Menu) or a dialog (a Popover). */
  popup: 'menu' | 'dialog'
  /** The target as it looks before the code is there, with the handlers that fetch it. */
  target: (props: DeferredTargetProps) => ReactNode
  /** The real menu or popover, to open at once and focus its target: from the first press on. */
  children: ReactNode
}

/** The stand-in target until the first press, then the real menu or popover. */
export function Deferred({ preload, popup, target, children }: DeferredProps) {
  const [pressed, setPressed] = useState(false)
  const props: DeferredTargetProps = {
    'aria-haspopup': popup,
    'aria-expanded': false,
    onPointerEnter: () => void preload(),
    onFocus: () => void preload(),
    onClick: () => setPressed(true),
  }
  if (!pressed) return target(props)
  return <Suspense fallback={target(props)}>{children}</Suspense>
}

/** What the real menu or popover that replaced a pressed stand-in needs. */
export interface OpenedOnMount<T extends HTMLElement> {
  /** For its target (Mantine's `Menu.Target` or `Popover.Target` child). */
  target: RefObject<T | null>
  opened: boolean
  onChange: (opened: boolean) => void
}

/**
 * The real menu or popover, pressed open: its target takes the focus, then it opens just after
 * mounting (not `defaultOpened`), so Mantine records the target as where the focus was and gives
 * it back when the menu closes.
 */
export function useOpenedOnMount<T extends HTMLElement>(): OpenedOnMount<T> {
  const target = useRef<T | null>(null)
  const [opened, setOpened] = useState(false)
  useEffect(() => {
    target.current?.focus()
    setOpened(true)
  }, [])
  return { target, opened, onChange: setOpened }
}
