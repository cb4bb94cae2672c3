// The totals bar: the whole book's face value, market value, accrued interest, unrealised P&L and
// PV01, then each book's market value and P&L.
import type { InventoryTotals } from '@bonds/domain'
import { formatQuantum, formatRupees } from '@bonds/ui-kit'
import { Group, Paper, Text } from '@mantine/core'

const signed = (rupees: number) => (rupees > 0 ? `+${formatRupees(rupees)}` : formatRupees(rupees))

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </div>
  )
}

/** The book's totals. */
export function TotalsBar({ totals }: { totals: InventoryTotals }) {
  return (
    <Paper withBorder p="sm" radius="sm" role="group" aria-label="Totals">
      <Group gap="xl" wrap="wrap">
        <Figure label="Face value" value={formatQuantum(totals.face_value)} />
        <Figure label="Market value" value={formatRupees(totals.market_value)} />
        <Figure label="Accrued" value={formatRupees(totals.accrued)} />
        <Figure label="Unrealised P&L" value={signed(totals.unrealised_pnl)} />
        <Figure label="PV01" value={formatRupees(totals.pv01)} />
        {totals.by_book.map((b) => (
          <Figure
            key={b.book}
            label={`${b.book} book`}
            value={`${formatRupees(b.market_value)} (${signed(b.unrealised_pnl)})`}
          />
        ))}
      </Group>
    </Paper>
  )
}
