import { BUILD_NETWORK_TITLE } from '@bonds/domain'
import { normalizeWorkspaceModel } from 'react-resizable-panels'
import { describe, expect, it } from 'vitest'
import {
  BUILD_NETWORK_PANEL,
  defaultLayout,
  openPanels,
  readSavedLayout,
  type PanelTabData,
} from './model.ts'

const PANELS = [
  { id: BUILD_NETWORK_PANEL, title: BUILD_NETWORK_TITLE },
  { id: 'chat', title: 'Chat' },
  { id: 'rfq-quotes', title: 'RFQ quotes' },
]

const save = (model: unknown) => JSON.stringify(model)
const normal = () => normalizeWorkspaceModel<PanelTabData>(defaultLayout(PANELS))!

describe('the workspace layout', () => {
  it('starts with Build Network on the left and the other panels as tabs, the first selected', () => {
    const model = normal()
    expect(openPanels(model)).toEqual([BUILD_NETWORK_PANEL, 'chat', 'rfq-quotes'])
    expect(model.root).toMatchObject({
      type: 'split',
      orientation: 'horizontal',
      children: [
        { type: 'tabset', tabs: [{ id: BUILD_NETWORK_PANEL, disableClose: true }] },
        { type: 'tabset', selectedId: 'chat' },
      ],
    })
  })

  it('restores a saved arrangement with its sizes and selection', () => {
    const model = normal()
    const split = model.root as { children: { size?: number; selectedId?: string }[] }
    split.children[0]!.size = 40
    split.children[1]!.size = 60
    split.children[1]!.selectedId = 'rfq-quotes'
    const restored = readSavedLayout(save(model), PANELS)
    expect(restored?.root).toMatchObject({
      children: [{ size: 40 }, { size: 60, selectedId: 'rfq-quotes' }],
    })
  })

  it('discards a saved layout with no panel titled "Build Network"', () => {
    const model = normal()
    const withoutNetwork = {
      ...model,
      root: { type: 'tabset', id: 'main', tabs: [{ id: 'chat', title: 'Chat', data: {} }] },
    }
    expect(readSavedLayout(save(withoutNetwork), PANELS)).toBeNull()
    // The panel is there but under another title (an older layout): discarded too.
    const renamed = JSON.parse(save(model).replace(BUILD_NETWORK_TITLE, 'Network')) as unknown
    expect(readSavedLayout(save(renamed), PANELS)).toBeNull()
  })

  it('starts afresh from nothing saved, or something that is not a layout', () => {
    expect(readSavedLayout(null, PANELS)).toBeNull()
    expect(readSavedLayout('{not json', PANELS)).toBeNull()
    expect(readSavedLayout(save({ version: 99, root: 1 }), PANELS)).toBeNull()
  })

  it('drops panels the app no longer has, and takes titles and flags from code', () => {
    const model = normal()
    const tabset = (model.root as { children: { tabs: object[] }[] }).children[1]!
    tabset.tabs.push({ id: 'retired-panel', title: 'Old', data: {} })
    const network = (model.root as { children: { tabs: { disableClose?: boolean }[] }[] })
      .children[0]!.tabs[0]!
    delete network.disableClose
    const restored = readSavedLayout(save(model), PANELS)!
    expect(openPanels(restored)).toEqual([BUILD_NETWORK_PANEL, 'chat', 'rfq-quotes'])
    expect(JSON.stringify(restored)).toContain('"disableClose":true')
  })
})
