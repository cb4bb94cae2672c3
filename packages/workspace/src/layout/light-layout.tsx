// The layout as first drawn, without the docking library (decision 346): the same elements,
// classes and ARIA as react-resizable-panels' Workspace draws for a plain layout (splits of
// tabsets, tabs on top, nothing floating), so the first paint looks as it always did. It does
// nothing itself: hovering, pressing or focusing its tabs or separators asks for the library
// (`onIntent`), which then takes over in place.
import type { TabNode, TabRenderProps } from 'react-resizable-panels'
import { Fragment, useId, useLayoutEffect, type ReactNode, type SyntheticEvent } from 'react'
import { selectedTab, type LayoutInput, type PanelTabData } from './model.ts'
import classes from './workspace.module.css'

type LayoutNode = LayoutInput['root']
type TabsetInput = Extract<LayoutNode, { type: 'tabset' }>

/** Props of LightLayout. */
export interface LightLayoutProps {
  model: LayoutInput
  renderTab: (tab: TabNode<PanelTabData>, props: TabRenderProps) => ReactNode
  renderTabContent: (tab: TabNode<PanelTabData>) => ReactNode
  /** Selecting a tab (the library does it once it has taken over). */
  onSelect: (tabId: string) => void
  /**
   * The user reached for the layout's chrome: a tab, a tabset's header or a separator (with the
   * event: a key pressed or a separator pressed is done again once the library is in place).
   */
  onIntent: (event: Event) => void
  /** Called as the library takes over, this layout still in the page (to note the focus). */
  onLeave: () => void
  tabsetMinWidth: string
  tabsetMinHeight: string
}

const CHROME = '[data-tabset-header], [role="separator"]'

const share = (node: LayoutNode, count: number) =>
  typeof node.size === 'number' ? node.size : 100 / count

/** The layout, drawn as the library draws it, without its code. */
export function LightLayout(props: LightLayoutProps) {
  const id = useId()
  const { onLeave } = props
  useLayoutEffect(() => () => onLeave(), [onLeave])
  const intent = (event: SyntheticEvent) => {
    if (event.target instanceof Element && event.target.closest(CHROME))
      props.onIntent(event.nativeEvent)
  }
  return (
    <div
      data-workspace-layout="true"
      style={{ height: '100%', width: '100%' }}
      onPointerOver={intent}
      onPointerDown={intent}
      onFocus={intent}
      onKeyDown={intent}
    >
      <LayoutBranch node={props.model.root} count={1} path={id} layout={props} root />
    </div>
  )
}

interface BranchProps {
  node: LayoutNode
  count: number
  path: string
  layout: LightLayoutProps
  root?: boolean
}

function LayoutBranch({ node, count, path, layout, root }: BranchProps) {
  const content =
    node.type === 'split' ? (
      <div
        data-split=""
        data-split-id={node.id}
        data-group="true"
        style={{
          height: '100%',
          width: '100%',
          overflow: 'hidden',
          display: 'flex',
          flexDirection: node.orientation === 'horizontal' ? 'row' : 'column',
          flexWrap: 'nowrap',
        }}
      >
        {node.children.map((child, index) => {
          const childPath = `${path}:${child.id ?? index}`
          return (
            <Fragment key={child.id ?? index}>
              {index > 0 ? (
                <div
                  role="separator"
                  aria-orientation={node.orientation === 'horizontal' ? 'vertical' : 'horizontal'}
                  aria-controls={`${path}:${node.children[index - 1]?.id ?? index - 1}`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(
                    (share(node.children[index - 1]!, node.children.length) * 100) /
                      node.children.reduce((sum, c) => sum + share(c, node.children.length), 0),
                  )}
                  className={classes.separator}
                  data-separator="inactive"
                  tabIndex={0}
                  style={{ flex: '0 0 auto', touchAction: 'none' }}
                />
              ) : null}
              <LayoutBranch
                node={child}
                count={node.children.length}
                path={childPath}
                layout={layout}
              />
            </Fragment>
          )
        })}
      </div>
    ) : (
      <LightTabset tabset={node} path={path} layout={layout} />
    )
  if (root) return content
  const tabset = node.type === 'tabset' ? node : null
  return (
    <div
      id={path}
      data-panel="true"
      style={{
        minHeight: tabset?.minHeight ?? (tabset ? layout.tabsetMinHeight : 0),
        minWidth: tabset?.minWidth ?? (tabset ? layout.tabsetMinWidth : 0),
        maxHeight: '100%',
        maxWidth: '100%',
        display: 'flex',
        overflow: 'visible',
        flex: `${share(node, count)} 1 0px`,
      }}
    >
      <div style={{ maxHeight: '100%', maxWidth: '100%', flexGrow: 1, overflow: 'auto' }}>
        {content}
      </div>
    </div>
  )
}

function LightTabset({
  tabset,
  path,
  layout,
}: {
  tabset: TabsetInput
  path: string
  layout: LightLayoutProps
}) {
  const selected = selectedTab(tabset)
  return (
    <div
      className={classes.tabset}
      data-tab-placement="top"
      data-tabset="true"
      data-tabset-id={tabset.id}
    >
      <div className={classes.header} data-tab-placement="top" data-tabset-header="true">
        <div
          aria-orientation="horizontal"
          className={classes.tabList}
          data-orientation="horizontal"
          data-tab-list="true"
          data-tab-placement="top"
          role="tablist"
          style={{ touchAction: 'none' }}
        >
          {tabset.tabs.map((tab) => (
            <Fragment key={tab.id}>
              {layout.renderTab(tab, {
                ref: () => undefined,
                role: 'tab',
                id: `${path}-tab-${tab.id}`,
                'aria-controls': `${path}-tab-panel-${tab.id}`,
                'aria-selected': tab.id === selected,
                className: classes.tab,
                tabIndex: tab.id === selected ? 0 : -1,
                style: { touchAction: 'none' },
                onClick: () => layout.onSelect(tab.id),
                'data-tab': '',
                'data-tab-id': tab.id,
                'data-tab-placement': 'top',
                'data-tab-selected': tab.id === selected || undefined,
              })}
            </Fragment>
          ))}
        </div>
      </div>
      <div className={classes.tabPanels} data-tab-panels="true" data-tab-placement="top">
        {tabset.tabs
          .filter((tab) => tab.id === selected)
          .map((tab) => (
            <div
              key={tab.id}
              id={`${path}-tab-panel-${tab.id}`}
              aria-labelledby={`${path}-tab-${tab.id}`}
              className={classes.tabContent}
              data-tab-content=""
              role="tabpanel"
            >
              {layout.renderTabContent(tab)}
            </div>
          ))}
      </div>
    </div>
  )
}
