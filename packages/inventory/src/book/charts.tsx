// The maturity profile and the issuer concentration as small SVG bar charts: each bar labelled
// with its value, and the same numbers as a list for screen readers (@mantine/charts needs
// recharts, which the workspace does not hold; decision 273).
import type { InventoryTotals } from '@bonds/domain'
import { formatQuantum } from '@bonds/ui-kit'
import { Paper, SimpleGrid, Title, VisuallyHidden } from '@mantine/core'
import styles from './inventory.module.css'

interface Bar {
  label: string
  value: number
  text: string
}

const WIDTH = 520
const BAR = 16
const GAP = 6
const LABEL = 170

/** One horizontal bar chart with its data as a list for assistive technology. */
function BarChart({ title, bars }: { title: string; bars: Bar[] }) {
  const max = Math.max(1, ...bars.map((b) => b.value))
  const height = bars.length * (BAR + GAP) + GAP
  return (
    <Paper withBorder p="sm" radius="sm">
      <Title order={3} fz="sm" mb={6}>
        {title}
      </Title>
      <svg width="100%" viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-label={title}>
        {bars.map((bar, i) => {
          const y = GAP + i * (BAR + GAP)
          const w = Math.max(1, ((WIDTH - LABEL - 90) * bar.value) / max)
          return (
            <g key={bar.label}>
              <text className={styles.axis} x={0} y={y + BAR - 5}>
                {bar.label.length > 24 ? `${bar.label.slice(0, 23)}…` : bar.label}
              </text>
              <rect className={styles.bar} x={LABEL} y={y} width={w} height={BAR} rx={2} />
              <text className={styles.axis} x={LABEL + w + 4} y={y + BAR - 5}>
                {bar.text}
              </text>
            </g>
          )
        })}
      </svg>
      <VisuallyHidden>
        <ul aria-label={`${title} (data)`}>
          {bars.map((bar) => (
            <li key={bar.label}>
              {bar.label}: {bar.text}
            </li>
          ))}
        </ul>
      </VisuallyHidden>
    </Paper>
  )
}

/** The book's maturity profile (face value by residual maturity) and issuer concentration. */
export function InventoryCharts({ totals }: { totals: InventoryTotals }) {
  const maturity = totals.by_maturity.map((b) => ({
    label: b.bucket,
    value: b.face_value,
    text: formatQuantum(b.face_value),
  }))
  const issuers = totals.by_issuer.slice(0, 8).map((i) => ({
    label: i.name,
    value: i.share,
    text: `${(i.share * 100).toFixed(1)}%`,
  }))
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <BarChart title="Maturity profile" bars={maturity} />
      <BarChart title="Issuer concentration" bars={issuers} />
    </SimpleGrid>
  )
}
