// The dart workspace: panels the user can resize, split, move (drag a tab, or a whole tabset, to
// another tabset or to an edge), float, maximize and close, in a layout kept in local storage.
// Panels come from the app (each feature package's tab); the workspace only arranges them.
// The first paint draws the layout without the docking library; the library is fetched when the
// user reaches for a tab or a separator (hover, press or focus) and takes over in place, the
// panels' content kept as it was (decision 346).
import { Deferred, lazyWithPreload } from '@bonds/ui-kit'
import { Group, Title, VisuallyHidden } from '@mantine/core'
import { useHotkeys } from '@mantine/hooks'
import {
  startTransition,
  Suspense,
  useCallback,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type SyntheticEvent,
} from 'react'
import { createPortal } from 'react-dom'
import type { TabNode, TabRenderProps, WorkspaceImperativeHandle } from 'react-resizable-panels'
import type { LayoutStart } from './full-layout.tsx'
import { LightLayout } from './light-layout.tsx'
import {
  defaultLayout,
  hasTabset,
  LAYOUT_STORAGE_KEY,
  openPanels,
  panelTab,
  selectedPanels,
  simpleSavedLayout,
  type LayoutModel,
  type PanelInfo,
  type PanelTabData,
} from './model.ts'
import { createPanelHost, PanelSlot } from './panel-slot.tsx'
import { PanelsButton } from './panels-button.tsx'
import classes from './workspace.module.css'

// The "Panels" menu's code is fetched when its button is hovered or focused (issue 21).
const PanelsMenu = lazyWithPreload(() => import('./panels-menu.tsx'))
// The docking library, when the user reaches for the layout (decision 346).
const FullLayout = lazyWithPreload(() => import('./full-layout.tsx'))

type Handle = WorkspaceImperativeHandle<PanelTabData>

const TABSET_MIN_WIDTH = '180px'
const TABSET_MIN_HEIGHT = '120px'

/** A panel of the workspace: its id (kept in saved layouts), title and content. */
export interface WorkspacePanel extends PanelInfo {
  /** The panel's content (rendered once the panel is first shown). */
  render: () => ReactNode
}

/** Where the layout is kept: local storage by default. */
export type LayoutStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** Props of DartWorkspace. */
export interface DartWorkspaceProps {
  panels: readonly WorkspacePanel[]
  /** Shown beside the panels menu (e.g. the connection's state). */
  toolbar?: ReactNode
  /** Shown above the panels (e.g. the trade-access restriction). */
  notice?: ReactNode
  storage?: LayoutStorage
}

function browserStorage(): LayoutStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

/** The keyboard shortcut that opens the panel at `index` (0-based): Ctrl+Alt+1…9. */
export function panelShortcut(index: number): string | null {
  return index < 9 ? `mod+alt+${index + 1}` : null
}

/** Where the first paint starts: the default layout, a saved one it can draw, or the library's. */
function layoutStart(saved: string | null, panels: readonly PanelInfo[]): LayoutStart {
  if (!saved) return { model: defaultLayout(panels) }
  const simple = simpleSavedLayout(saved, panels)
  return simple ? { model: simple } : { saved }
}

const keyInit = ({ key, code, shiftKey, ctrlKey, altKey, metaKey }: KeyboardEvent) => ({
  key,
  code,
  shiftKey,
  ctrlKey,
  altKey,
  metaKey,
  cancelable: true,
})

interface HeldPointer {
  init: PointerEventInit & { clientX: number; clientY: number }
  release: () => void
}

const isSeparatorPress = (event: Event): event is PointerEvent =>
  typeof PointerEvent !== 'undefined' &&
  event instanceof PointerEvent &&
  event.type === 'pointerdown' &&
  event.button === 0 &&
  event.target instanceof Element &&
  event.target.closest('[role="separator"]') !== null

const pointerInit = (event: PointerEvent): HeldPointer['init'] => ({
  pointerId: event.pointerId,
  pointerType: event.pointerType,
  isPrimary: event.isPrimary,
  button: event.button,
  buttons: event.buttons,
  clientX: event.clientX,
  clientY: event.clientY,
  bubbles: true,
  cancelable: true,
  composed: true,
})

/** What had the focus in the light layout: a tab (by panel) or a separator (by position). */
function focusedChrome(root: HTMLElement | null): { tab: string } | { separator: number } | null {
  const active = document.activeElement
  if (!root || !(active instanceof HTMLElement) || !root.contains(active)) return null
  const tab = active.closest('[role="tab"]')?.getAttribute('data-tab-id')
  if (tab) return { tab }
  if (active.getAttribute('role') === 'separator')
    return { separator: [...root.querySelectorAll('[role="separator"]')].indexOf(active) }
  return null
}

/** The workspace: the panels, arranged as the user left them (or as they first come). */
export function DartWorkspace({ panels, toolbar, notice, storage }: DartWorkspaceProps) {
  const store = storage ?? browserStorage()
  const workspace = useRef<Handle | null>(null)
  const root = useRef<HTMLDivElement>(null)
  const [start] = useState(() => layoutStart(store?.getItem(LAYOUT_STORAGE_KEY) ?? null, panels))
  const light = 'model' in start ? start.model : null
  // The library draws the layout from the first paint when the light layout cannot.
  const [full, setFull] = useState(light === null)
  const [open, setOpen] = useState<readonly string[]>(() => (light ? openPanels(light) : []))
  // Panels whose content has been on screen: it stays mounted (in its own element) while open.
  const [shown, setShown] = useState<ReadonlySet<string>>(
    () => new Set(light ? selectedPanels(light) : []),
  )
  const byId = useMemo(() => new Map(panels.map((panel) => [panel.id, panel])), [panels])
  const hosts = useRef(new Map<string, HTMLDivElement>())
  const hostFor = useCallback((id: string) => {
    let host = hosts.current.get(id)
    if (!host) hosts.current.set(id, (host = createPanelHost(id)))
    return host
  }, [])
  // What waits for the library (a press on a tab before it came, the Panels menu, a shortcut).
  const pending = useRef<((handle: Handle) => void)[]>([])
  const requested = useRef(light === null)
  const refocus = useRef<ReturnType<typeof focusedChrome>>(null)
  // Keys pressed on a tab or a separator before the library came: pressed again after.
  const keys = useRef<KeyboardEvent[]>([])
  // A separator pressed before the library came and still held: pressed again after, so the drag
  // goes on (from where it started).
  const held = useRef<HeldPointer | null>(null)
  const holdPointer = useCallback((event: PointerEvent) => {
    const pointer: HeldPointer = { init: pointerInit(event), release: () => undefined }
    const release = (up: PointerEvent) => {
      if (up.pointerId !== event.pointerId) return
      pointer.release()
    }
    pointer.release = () => {
      if (held.current === pointer) held.current = null
      window.removeEventListener('pointerup', release, true)
      window.removeEventListener('pointercancel', release, true)
    }
    held.current?.release()
    held.current = pointer
    window.addEventListener('pointerup', release, true)
    window.addEventListener('pointercancel', release, true)
  }, [])
  // The tabset last used (focus or press, in its header or its content), where panels open.
  const lastTabset = useRef<string | null>(null)

  const requestFull = useCallback(
    (event?: Event) => {
      if (event && !workspace.current) {
        if (event instanceof KeyboardEvent && event.key !== 'Tab') {
          event.preventDefault()
          keys.current.push(event)
        } else if (isSeparatorPress(event)) {
          event.preventDefault() // no text selection while it is held, as the library does
          holdPointer(event)
        }
      }
      if (requested.current) return
      requested.current = true
      void FullLayout.preload().then((loaded) => {
        if (!loaded) {
          requested.current = false // offline: the next reach tries again
          return
        }
        // A transition: the light layout stays until the library's has rendered.
        startTransition(() => setFull(true))
      })
    },
    [holdPointer],
  )

  const withLayout = useCallback(
    (action: (handle: Handle) => void) => {
      if (workspace.current) action(workspace.current)
      else {
        pending.current.push(action)
        requestFull()
      }
    },
    [requestFull],
  )

  const onLeave = useCallback(() => {
    refocus.current = focusedChrome(root.current)
  }, [])

  const onShown = useCallback((id: string) => {
    setShown((prev) => (prev.has(id) ? prev : new Set(prev).add(id)))
  }, [])

  const sync = useCallback((model: LayoutModel) => {
    const ids = openPanels(model)
    setOpen(ids)
    setShown((prev) => {
      const kept = [...prev].filter((id) => ids.includes(id))
      return kept.length === prev.size ? prev : new Set(kept)
    })
  }, [])

  // A tab holds no control of its own (its content is presentational; axe counts any button in
  // it, even one out of the tab order, as nested interactive content): the × is a plain mark for
  // the pointer, hidden from assistive technology; the keyboard closes the focused tab with Delete
  // (or Backspace), as the tab's aria-keyshortcuts says.
  const renderTab = useCallback(
    (tab: TabNode<PanelTabData>, props: TabRenderProps) => {
      const closable = !tab.disableClose
      const title = tab.title ?? tab.id
      return (
        <div {...props} {...(closable ? { 'aria-keyshortcuts': 'Delete' } : {})}>
          <span>{title}</span>
          {closable ? (
            <span
              className={classes.closeButton}
              aria-hidden
              title={`Close ${title} (Delete)`}
              // Not the start of a tab drag, nor a selection of the tab.
              onPointerDown={(event) => event.stopPropagation()}
              onClick={(event) => {
                event.stopPropagation()
                withLayout((handle) => handle.closeTab(tab.id))
              }}
            >
              ×
            </span>
          ) : null}
        </div>
      )
    },
    [withLayout],
  )

  const renderTabContent = useCallback(
    (tab: TabNode<PanelTabData>) =>
      byId.has(tab.id) ? <PanelSlot id={tab.id} host={hostFor(tab.id)} onShown={onShown} /> : null,
    [byId, hostFor, onShown],
  )
  const onModelChanged = useCallback(
    (model: LayoutModel) => {
      try {
        store?.setItem(LAYOUT_STORAGE_KEY, JSON.stringify(model))
      } catch {
        // Storage full or refused: the layout still works, it is just not kept.
      }
      sync(model)
    },
    [store, sync],
  )

  // The library is in place: sync with its model, give back the focus, run what waited.
  const onMount = useCallback(() => {
    const handle = workspace.current
    if (!handle) return
    sync(handle.getModel())
    const focus = refocus.current
    refocus.current = null
    if (focus && root.current) {
      const target =
        'tab' in focus
          ? root.current.querySelector<HTMLElement>(`[role="tab"][data-tab-id="${focus.tab}"]`)
          : root.current.querySelectorAll<HTMLElement>('[role="separator"]')[focus.separator]
      target?.focus()
    }
    // After the library's own effects (its separators register then).
    const pointer = held.current
    if (pointer)
      setTimeout(() => {
        if (held.current !== pointer) return // released meanwhile
        pointer.release()
        const { clientX, clientY } = pointer.init
        const target = document.elementFromPoint(clientX, clientY)
        if (target && root.current?.contains(target))
          target.dispatchEvent(new PointerEvent('pointerdown', pointer.init))
      })
    // One key a task, on what has the focus then (a key may move it, as the arrows do); keys
    // the user presses meanwhile wait their turn.
    const box = root.current
    if (box && keys.current.length) {
      const wait = (event: KeyboardEvent) => {
        if (!event.isTrusted || event.key === 'Tab') return
        event.preventDefault()
        event.stopPropagation()
        keys.current.push(event)
      }
      box.addEventListener('keydown', wait, true)
      const replay = () => {
        const key = keys.current.shift()
        const active = document.activeElement
        if (!key || !(active instanceof HTMLElement) || !box.contains(active)) {
          keys.current.length = 0
          box.removeEventListener('keydown', wait, true)
          return
        }
        active.dispatchEvent(new KeyboardEvent('keydown', { ...keyInit(key), bubbles: true }))
        setTimeout(replay)
      }
      setTimeout(replay)
    }
    for (const action of pending.current.splice(0)) action(handle)
  }, [sync])

  /** Show a panel: select it where it is, or open it in the tabset last used. */
  const showPanel = useCallback(
    (panel: PanelInfo) =>
      withLayout((handle) => {
        if (openPanels(handle.getModel()).includes(panel.id)) handle.selectTab(panel.id)
        else {
          const last = lastTabset.current
          const tabsetId =
            last && hasTabset(handle.getModel(), last) ? last : handle.getActiveTabsetId()
          handle.addTab(panelTab(panel), tabsetId ? { tabsetId } : {})
        }
        // Focus the panel's tab, so the keyboard carries on from there.
        requestAnimationFrame(() => {
          const tab = document.querySelector<HTMLElement>(`[role="tab"][data-tab-id="${panel.id}"]`)
          tab?.focus()
        })
      }),
    [withLayout],
  )

  const resetLayout = useCallback(
    () =>
      withLayout((handle) => {
        const model = handle.setModel(defaultLayout(panels))
        onModelChanged(model)
      }),
    [withLayout, panels, onModelChanged],
  )

  useHotkeys(
    panels.flatMap((panel, index) => {
      const shortcut = panelShortcut(index)
      return shortcut ? [[shortcut, () => showPanel(panel)] as [string, () => void]] : []
    }),
  )

  const noteTabset = (event: SyntheticEvent) => {
    const tabset =
      event.target instanceof Element
        ? event.target.closest('[data-tabset-id]')?.getAttribute('data-tabset-id')
        : null
    if (tabset) lastTabset.current = tabset
  }

  const lightLayout = light ? (
    <div
      className={classes.workspace}
      role="region"
      aria-label="Workspace panels"
      data-workspace="true"
    >
      <LightLayout
        model={light}
        renderTab={renderTab}
        renderTabContent={renderTabContent}
        onSelect={(id) => withLayout((handle) => handle.selectTab(id))}
        onIntent={requestFull}
        onLeave={onLeave}
        tabsetMinWidth={TABSET_MIN_WIDTH}
        tabsetMinHeight={TABSET_MIN_HEIGHT}
      />
    </div>
  ) : (
    <div className={classes.workspace} role="region" aria-label="Workspace panels" />
  )

  return (
    <div
      className={classes.root}
      ref={root}
      onFocusCapture={noteTabset}
      onPointerDownCapture={noteTabset}
    >
      <Group className={classes.toolbar} justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="nowrap">
          <Title order={1} size="sm">
            <VisuallyHidden>dart </VisuallyHidden>Workspace
          </Title>
          <Deferred
            preload={PanelsMenu.preload}
            popup="menu"
            target={(props) => <PanelsButton {...props} />}
          >
            <PanelsMenu panels={panels} open={open} onShow={showPanel} onReset={resetLayout} />
          </Deferred>
        </Group>
        <Group gap="sm" wrap="nowrap">
          {toolbar}
        </Group>
      </Group>
      {notice}
      {full ? (
        <Suspense fallback={lightLayout}>
          <FullLayout
            start={start}
            panels={panels}
            workspaceRef={workspace}
            renderTab={renderTab}
            renderTabContent={renderTabContent}
            onModelChanged={onModelChanged}
            onMount={onMount}
            tabsetMinWidth={TABSET_MIN_WIDTH}
            tabsetMinHeight={TABSET_MIN_HEIGHT}
          />
        </Suspense>
      ) : (
        lightLayout
      )}
      {[...shown].flatMap((id) => {
        const panel = byId.get(id)
        return panel && open.includes(id) ? [createPortal(panel.render(), hostFor(id), id)] : []
      })}
    </div>
  )
}
