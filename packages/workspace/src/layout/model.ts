// The workspace's layout as data: which panels are open, where, and how big (the Workspace
// model of react-resizable-panels), the default arrangement, and the saved one in local storage.
// Types only from the library: this module is in dart's first load, the library's code is not
// (decision 346); the library's own reading of a saved layout is in saved-layout.ts.
import { BUILD_NETWORK_TITLE } from '@bonds/domain'
import type {
  TabNode,
  TabsetNode,
  WorkspaceModel,
  WorkspaceModelInput,
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

/** The workspace's model as given (ids of splits and tabsets may be missing). */
export type LayoutInput = WorkspaceModelInput<PanelTabData>

function collectTabs(node: LayoutInput['root'], into: string[]): string[] {
  if (node.type === 'tabset') into.push(...node.tabs.map((tab) => tab.id))
  else for (const child of node.children) collectTabs(child, into)
  return into
}

/** Ids of the panels open in a layout (docked or floating), in layout order. */
export function openPanels(model: LayoutInput): string[] {
  const ids = collectTabs(model.root, [])
  for (const tabset of model.floating ?? []) ids.push(...tabset.tabs.map((tab) => tab.id))
  return ids
}

/** Ids of the panels selected in a layout (what is on screen), docked or floating. */
export function selectedPanels(model: LayoutInput): string[] {
  const ids: string[] = []
  const visit = (node: LayoutInput['root']) => {
    if (node.type === 'split') for (const child of node.children) visit(child)
    else {
      const id = selectedTab(node)
      if (id) ids.push(id)
    }
  }
  visit(model.root)
  for (const tabset of model.floating ?? []) {
    const id = selectedTab(tabset)
    if (id) ids.push(id)
  }
  return ids
}

/** The tab a tabset shows: its selected one, or its first (as the library normalises it). */
export function selectedTab(tabset: Pick<TabsetNode<PanelTabData>, 'tabs' | 'selectedId'>) {
  const { selectedId, tabs } = tabset
  return selectedId && tabs.some((tab) => tab.id === selectedId) ? selectedId : tabs[0]?.id
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A saved layout's JSON, or undefined when nothing is saved or it is not JSON. */
export function parseSaved(saved: string | null): unknown {
  if (!saved) return undefined
  try {
    return JSON.parse(saved) as unknown
  } catch {
    return undefined
  }
}

/**
 * A saved layout the first paint can draw without the library (decision 346): splits and
 * tabsets with ids, sizes as numbers (percentages), every tab a panel the app has with its title
 * and flags from code, at least one tab titled "Build Network", nothing floating, maximized or
 * collapsed and tabs on top. Anything else (an old, odd or broken layout) is null: the library
 * reads it, with its own normalisation and the discard rule, as before.
 */
export function simpleSavedLayout(
  saved: string | null,
  panels: readonly PanelInfo[],
): LayoutInput | null {
  const value = parseSaved(saved)
  if (!isRecord(value) || value.version !== 1) return null
  if (value.maximizedTabsetId !== undefined) return null
  if (value.floating !== undefined && !(Array.isArray(value.floating) && !value.floating.length))
    return null
  const known = new Map(panels.map((panel) => [panel.id, panel]))
  const ids = new Set<string>()
  let hasBuildNetwork = false
  const fresh = (id: unknown): id is string => {
    if (typeof id !== 'string' || !id || ids.has(id)) return false
    ids.add(id)
    return true
  }
  const sizeOk = (size: unknown) =>
    size === undefined || (typeof size === 'number' && Number.isFinite(size) && size > 0)
  const node = (input: unknown): LayoutInput['root'] | null => {
    if (!isRecord(input) || !fresh(input.id) || !sizeOk(input.size)) return null
    if (input.type === 'split') {
      const { children, orientation } = input
      if (orientation !== 'horizontal' && orientation !== 'vertical') return null
      if (!Array.isArray(children) || children.length < 2) return null
      const nodes = children.map(node)
      if (nodes.some((child) => child === null)) return null
      return { ...input, type: 'split', orientation, children: nodes as LayoutInput['root'][] }
    }
    if (input.type !== 'tabset') return null
    if (input.collapsed || (input.tabPlacement ?? 'top') !== 'top') return null
    if (!Array.isArray(input.tabs) || !input.tabs.length) return null
    const tabs: TabNode<PanelTabData>[] = []
    for (const tab of input.tabs as unknown[]) {
      if (!isRecord(tab) || !fresh(tab.id)) return null
      const panel = known.get(tab.id)
      if (!panel || tab.title !== panel.title) return null
      if (tab.title === BUILD_NETWORK_TITLE) hasBuildNetwork = true
      tabs.push(panelTab(panel))
    }
    return { ...(input as unknown as TabsetNode<PanelTabData>), tabs }
  }
  const root = node(value.root)
  if (!root || !hasBuildNetwork) return null
  return { version: 1, root }
}

/** Whether a layout has a tabset with this id (docked or floating). */
export function hasTabset(model: LayoutInput, tabsetId: string): boolean {
  const visit = (node: LayoutInput['root']): boolean =>
    node.type === 'split' ? node.children.some(visit) : node.id === tabsetId
  return visit(model.root) || (model.floating ?? []).some((tabset) => tabset.id === tabsetId)
}
