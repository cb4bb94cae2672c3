// The docking layout itself: react-resizable-panels' Workspace (splits, tabsets, dragging tabs and
// tabsets, floating, maximizing, keyboard-resizable separators). Loaded when the user reaches for
// the layout's chrome, or at once for a saved layout the light one cannot draw (decision 346).
import {
  Separator,
  Workspace,
  type TabNode,
  type TabRenderProps,
  type WorkspaceClassNames,
  type WorkspaceImperativeHandle,
} from 'react-resizable-panels'
import { useLayoutEffect, useState, type ReactNode, type Ref } from 'react'
import { defaultLayout, type LayoutInput, type LayoutModel, type PanelInfo } from './model.ts'
import type { PanelTabData } from './model.ts'
import { readSavedLayout } from './saved-layout.ts'
import classes from './workspace.module.css'

/** Where the layout starts: a model the page already has, or a saved one for the library. */
export type LayoutStart = { model: LayoutInput } | { saved: string }

/** Props of FullLayout. */
export interface FullLayoutProps {
  start: LayoutStart
  panels: readonly PanelInfo[]
  workspaceRef: Ref<WorkspaceImperativeHandle<PanelTabData> | null>
  renderTab: (tab: TabNode<PanelTabData>, props: TabRenderProps) => ReactNode
  renderTabContent: (tab: TabNode<PanelTabData>) => ReactNode
  onModelChanged: (model: LayoutModel) => void
  /** Called once laid out, the handle in place (the page runs what waited for it). */
  onMount: () => void
  tabsetMinWidth: string
  tabsetMinHeight: string
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

/** The layout model to start from. */
export function startModel(start: LayoutStart, panels: readonly PanelInfo[]) {
  if ('model' in start) return start.model
  return readSavedLayout(start.saved, panels) ?? defaultLayout(panels)
}

/** The docking layout. */
export default function FullLayout(props: FullLayoutProps) {
  const { start, panels, onMount } = props
  const [model] = useState(() => startModel(start, panels))
  // Before the browser handles more input: the focus is back where it was at once.
  useLayoutEffect(() => onMount(), [onMount])
  return (
    <Workspace<PanelTabData>
      className={classes.workspace}
      role="region"
      aria-label="Workspace panels"
      workspaceRef={props.workspaceRef}
      defaultModel={model}
      classNames={CLASS_NAMES}
      renderTab={props.renderTab}
      renderTabContent={props.renderTabContent}
      renderSeparator={renderSeparator}
      onModelChanged={props.onModelChanged}
      lazyTabContent
      tabRemovalSelectionBehavior="recent"
      tabsetMinWidth={props.tabsetMinWidth}
      tabsetMinHeight={props.tabsetMinHeight}
    />
  )
}
