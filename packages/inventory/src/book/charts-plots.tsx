// The drawings of the book's charts (Mantine charts on recharts), loaded on demand by
// `InventoryCharts`; their caption, summary and data table are its.
import '@mantine/charts/styles.css'
import { BarChart } from '@mantine/charts'
import { formatQuantum } from '@bonds/ui-kit'
import type { IssuerBar, MaturityBar } from './charts.tsx'

const LABEL_CHARS = 30

const short = (label: string) =>
  label.length > LABEL_CHARS ? `${label.slice(0, LABEL_CHARS - 1)}…` : label

/** Face value by residual maturity bucket, in lakh/crore. */
export function MaturityPlot({ bars }: { bars: readonly MaturityBar[] }) {
  return (
    <BarChart
      h={220}
      data={[...bars]}
      dataKey="bucket"
      series={[{ name: 'face_value', label: 'Face value', color: 'blue.6' }]}
      valueFormatter={(v) => formatQuantum(v)}
      yAxisProps={{ width: 80 }}
      gridAxis="y"
      data-testid="maturity-plot"
    />
  )
}

/** Share of market value by issuer (the largest, then "Others"), as horizontal bars. */
export function IssuerPlot({ bars }: { bars: readonly IssuerBar[] }) {
  return (
    <BarChart
      h={Math.max(140, bars.length * 30 + 40)}
      data={[...bars]}
      dataKey="name"
      orientation="vertical"
      series={[{ name: 'percent', label: 'Share of market value', color: 'teal.6' }]}
      valueFormatter={(v) => `${v}%`}
      yAxisProps={{ width: 170, tickFormatter: (v: string) => short(String(v)) }}
      gridAxis="x"
      data-testid="issuer-plot"
    />
  )
}
