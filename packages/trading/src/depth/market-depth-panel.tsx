// The workspace's Market depth panel: a bond chosen by the user (kept for next time) and its live
// ladder. The bond picker comes from the app (features do not import each other).
import { Stack, Text } from '@mantine/core'
import { useLocalStorage } from '@mantine/hooks'
import type { ReactNode } from 'react'
import { MarketDepthLadder } from './market-depth.tsx'

/** Where the panel keeps the bond last shown. */
export const DEPTH_BOND_STORAGE_KEY = 'bonds-dart-depth-isin'

/** Props of MarketDepthPanel. */
export interface MarketDepthPanelProps {
  /** A bond search; calls `onPick` with the chosen bond's ISIN. */
  renderBondPicker: (onPick: (isin: string) => void) => ReactNode
}

/** Pick a bond, see its market depth live. */
export function MarketDepthPanel({ renderBondPicker }: MarketDepthPanelProps) {
  const [isin, setIsin] = useLocalStorage<string>({
    key: DEPTH_BOND_STORAGE_KEY,
    defaultValue: '',
    getInitialValueInEffect: false,
  })
  return (
    <Stack gap={0}>
      <Stack p="xs" gap={4}>
        {renderBondPicker(setIsin)}
      </Stack>
      {isin ? (
        <MarketDepthLadder isin={isin} />
      ) : (
        <Text size="sm" c="dimmed" p="sm">
          Choose a bond to see its live bids and offers.
        </Text>
      )}
    </Stack>
  )
}
