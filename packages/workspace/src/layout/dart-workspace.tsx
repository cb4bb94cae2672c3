// The dart workspace: panels the user can resize, split, move (drag a tab, or a whole tabset, to
// another tabset or to an edge), float, maximize and close, in a layout kept in local storage.
// Panels come from the app (each feature package's tab); the workspace only arranges them.
import { Deferred, lazyWithPreload } from '@bonds/ui-kit'
import { Group, Title, VisuallyHidden } from '@mantine/core'
import { useHotkeys } from '@mantine/hooks'
import { useCallback, useMemo, useState, type ReactNode } from 'react'
import {
  normalizeWorkspaceModel,
  Separator,
  useWorkspaceRef,
  Workspace,
  type TabNode,
  type TabRenderProps,
  type WorkspaceClassNames,
} from 'react-resizable-panels'
import {
  defaultLayout,
  LAYOUT_STORAGE_KEY,
  openPanels,
  panelTab,
  readSavedLayout,
  type LayoutModel,
  type PanelInfo,
  type PanelTabData,
} from './model.ts'
import { PanelsButton } from './panels-button.tsx'
import classes from './workspace.module.css'

// The "Panels" menu's code is fetched when its button is hovered or focused (issue 21).
const PanelsMenu = lazyWithPreload(() => import('./panels-menu.tsx'))

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

const CLASS_NAMES: WorkspaceClassNames<PanelTabData> = {
  tabset: classes.tabset,
  header: classes.header,
  tabList: classes.tabList,
  tab: classes.tab,
  toolbar: classes.tabsetToolbar,
  tabPanels: classes.tabPanels,
  tabContent: classes.tabContent,
  dropIndicator: classes.dropIndicator,
  dragPreview: classes.dragPreview,
}

const renderSeparator = () => <Separator className={classes.separator} />

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

/** The workspace: the panels, arranged as the user left them (or as they first come). */
export function DartWorkspace({ panels, toolbar, notice, storage }: DartWorkspaceProps) {
  const store = storage ?? browserStorage()
  const workspace = useWorkspaceRef<PanelTabData>()
  const [initial] = useState(
    () =>
      readSavedLayout(store?.getItem(LAYOUT_STORAGE_KEY) ?? null, panels) ?? defaultLayout(panels),
  )
  const [open, setOpen] = useState<readonly string[]>(() => {
    const model = normalizeWorkspaceModel<PanelTabData>(initial)
    return model ? openPanels(model) : []
  })
  const byId = useMemo(() => new Map(panels.map((panel) => [panel.id, panel])), [panels])

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
                workspace.current?.closeTab(tab.id)
              }}
            >
              ×
            </span>
          ) : null}
        </div>
      )
    },
    [workspace],
  )

  const renderTabContent = useCallback(
    (tab: TabNode<PanelTabData>) => byId.get(tab.id)?.render() ?? null,
    [byId],
  )
  const onModelChanged = useCallback(
    (model: LayoutModel) => {
      try {
        store?.setItem(LAYOUT_STORAGE_KEY, JSON.stringify(model))
      } catch {
        // Storage full or refused: the layout still works, it is just not kept.
      }
      setOpen(openPanels(model))
    },
    [store],
  )

  /** Show a panel: select it where it is, or open it in the tabset last used. */
  const showPanel = useCallback(
    (panel: PanelInfo) => {
      const handle = workspace.current
      if (!handle) return
      if (openPanels(handle.getModel()).includes(panel.id)) handle.selectTab(panel.id)
      else {
        const tabsetId = handle.getActiveTabsetId()
        handle.addTab(panelTab(panel), tabsetId ? { tabsetId } : {})
      }
      // Focus the panel's tab, so the keyboard carries on from there.
      requestAnimationFrame(() => {
        const tab = document.querySelector<HTMLElement>(`[role="tab"][data-tab-id="${panel.id}"]`)
        tab?.focus()
      })
    },
    [workspace],
  )

  const resetLayout = useCallback(() => {
    const handle = workspace.current
    if (!handle) return
    const model = handle.setModel(defaultLayout(panels))
    onModelChanged(model)
  }, [workspace, panels, onModelChanged])

  useHotkeys(
    panels.flatMap((panel, index) => {
      const shortcut = panelShortcut(index)
      return shortcut ? [[shortcut, () => showPanel(panel)] as [string, () => void]] : []
    }),
  )

  return (
    <div className={classes.root}>
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
      <Workspace<PanelTabData>
        className={classes.workspace}
        aria-label="Workspace panels"
        workspaceRef={workspace}
        defaultModel={initial}
        classNames={CLASS_NAMES}
        renderTab={renderTab}
        renderTabContent={renderTabContent}
        renderSeparator={renderSeparator}
        onModelChanged={onModelChanged}
        lazyTabContent
        tabRemovalSelectionBehavior="recent"
        tabsetMinWidth="180px"
        tabsetMinHeight="120px"
      />
    </div>
  )
}
