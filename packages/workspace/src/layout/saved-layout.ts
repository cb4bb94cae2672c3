// A saved layout read with the library's own normalisation: panels the app no longer has dropped,
// titles and flags refreshed from code, and the spec's discard rule. Loaded with the library
// (decision 346), never in dart's first load.
import { BUILD_NETWORK_TITLE } from '@bonds/domain'
import { normalizeWorkspaceModel } from 'react-resizable-panels'
import {
  panelTab,
  parseSaved,
  type LayoutModel,
  type PanelInfo,
  type PanelTabData,
} from './model.ts'

/**
 * The saved arrangement, or null to start from the default one: nothing saved, not a layout,
 * or (spec section 2) no panel titled "Build Network". Panels the app no longer has are dropped;
 * titles and flags are refreshed from code.
 */
export function readSavedLayout(
  saved: string | null,
  panels: readonly PanelInfo[],
): LayoutModel | null {
  const value = parseSaved(saved)
  if (value === undefined) return null
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
