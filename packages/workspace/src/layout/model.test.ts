import { BUILD_NETWORK_TITLE } from '@bonds/domain'
import { normalizeWorkspaceModel } from 'react-resizable-panels'
import { describe, expect, it } from 'vitest'
import {
  BUILD_NETWORK_PANEL,
  defaultLayout,
  hasTabset,
  openPanels,
  selectedPanels,
  simpleSavedLayout,
  type PanelTabData,
} from './model.ts'
import { readSavedLayout } from './saved-layout.ts'

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

  it('lets the first paint draw a layout the library saved, as the library reads it', () => {
    const model = normal()
    const split = model.root as { children: { size?: number; selectedId?: string }[] }
    split.children[0]!.size = 30
    split.children[1]!.size = 70
    split.children[1]!.selectedId = 'rfq-quotes'
    const simple = simpleSavedLayout(save(model), PANELS)
    expect(simple).toEqual(JSON.parse(JSON.stringify(readSavedLayout(save(model), PANELS))))
    expect(selectedPanels(simple!)).toEqual([BUILD_NETWORK_PANEL, 'rfq-quotes'])
    expect(hasTabset(simple!, 'main')).toBe(true)
    expect(hasTabset(simple!, 'nowhere')).toBe(false)
  })

  it('leaves to the library whatever the first paint cannot draw exactly', () => {
    const model = normal()
    const variants: unknown[] = [
      {
        ...model,
        floating: [{ type: 'tabset', id: 'f', x: 0, y: 0, width: 1, height: 1, tabs: [] }],
      },
      { ...model, maximizedTabsetId: 'main' },
      JSON.parse(save(model).replace('"size":24', '"size":"240px"')),
      JSON.parse(
        save(model).replace('"tabs":[{"id":"chat"', '"collapsed":true,"tabs":[{"id":"chat"'),
      ),
      JSON.parse(save(model).replace('"id":"rfq-quotes"', '"id":"retired-panel"')),
      JSON.parse(save(model).replace('"id":"rfq-quotes"', '"id":"chat"')),
      JSON.parse(save(model).replace(BUILD_NETWORK_TITLE, 'Network')),
      { ...model, version: 2 },
    ]
    for (const variant of variants) expect(simpleSavedLayout(save(variant), PANELS)).toBeNull()
    expect(simpleSavedLayout(null, PANELS)).toBeNull()
    expect(simpleSavedLayout('{not json', PANELS)).toBeNull()
  })
})
