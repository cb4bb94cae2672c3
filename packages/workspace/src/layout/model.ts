// The workspace's layout as data: which panels are open, where, and how big (the Workspace
// model of react-resizable-panels), the default arrangement, and the saved one in local storage.
import { BUILD_NETWORK_TITLE } from '@bonds/domain'
import {
  normalizeWorkspaceModel,
  type TabNode,
  type WorkspaceModel,
  type WorkspaceModelInput,
  type WorkspaceNode,
} from 'react-resizable-panels'

/** Where the user's arrangement is kept (local storage of the one origin). */
export const LAYOUT_STORAGE_KEY = 'bonds-dart-workspace'

/** Id of the Build Network panel. */
export const BUILD_NETWORK_PANEL = 'build-network'

/** What the layout keeps of a panel: nothing beyond its id and title (content comes from code). */
export type PanelTabData = Record<string, never>

/** The workspace's model. */
export type LayoutModel = WorkspaceModel<PanelTabData>

/** A panel the workspace can show: its id and title. */
export interface PanelInfo {
  id: string
  title: string
}

/** A panel's tab: Build Network cannot be closed (a layout without it is discarded). */
export function panelTab(panel: PanelInfo): TabNode<PanelTabData> {
  return {
    id: panel.id,
    title: panel.title,
    data: {},
    ...(panel.id === BUILD_NETWORK_PANEL ? { disableClose: true } : {}),
  }
}

/**
 * The first arrangement: Build Network in a narrow column on the left, every other panel as a tab
 * of the main area, the first of them selected.
 */
export function defaultLayout(panels: readonly PanelInfo[]): WorkspaceModelInput<PanelTabData> {
  const network = panels.find((p) => p.id === BUILD_NETWORK_PANEL)
  const rest = panels.filter((p) => p.id !== BUILD_NETWORK_PANEL)
  const main = {
    type: 'tabset' as const,
    id: 'main',
    tabs: rest.map(panelTab),
    ...(rest[0] ? { selectedId: rest[0].id } : {}),
  }
  if (!network) return { version: 1, root: main }
  return {
    version: 1,
    root: {
      type: 'split',
      id: 'root',
      orientation: 'horizontal',
      children: [
        { type: 'tabset', id: 'network', size: 24, minWidth: '240px', tabs: [panelTab(network)] },
        { ...main, size: 76 },
      ],
    },
  }
}

/**
 * The saved arrangement, or null to start from the default one: nothing saved, not a layout,
 * or (spec section 2) no panel titled "Build Network". Panels the app no longer has are dropped;
 * titles and flags are refreshed from code.
 */
export function readSavedLayout(
  saved: string | null,
  panels: readonly PanelInfo[],
): LayoutModel | null {
  if (!saved) return null
  let value: unknown
  try {
    value = JSON.parse(saved)
  } catch {
    return null
  }
  const known = new Map(panels.map((panel) => [panel.id, panel]))
  let hasBuildNetwork = false
  const model = normalizeWorkspaceModel<PanelTabData>(value, {
    mapTab: (tab) => {
      if (tab.title === BUILD_NETWORK_TITLE) hasBuildNetwork = true
      const panel = known.get(tab.id)
      return panel ? panelTab(panel) : null
    },
  })
  if (!model || !hasBuildNetwork) return null
  return model
}

function collectTabs(node: WorkspaceNode<PanelTabData>, into: string[]): string[] {
  if (node.type === 'tabset') into.push(...node.tabs.map((tab) => tab.id))
  else for (const child of node.children) collectTabs(child, into)
  return into
}

/** Ids of the panels open in a layout (docked or floating), in layout order. */
export function openPanels(model: LayoutModel): string[] {
  const ids = collectTabs(model.root, [])
  for (const tabset of model.floating ?? []) ids.push(...tabset.tabs.map((tab) => tab.id))
  return ids
}
