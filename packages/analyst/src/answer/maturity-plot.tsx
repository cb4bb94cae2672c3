// The drawing of a list answer's maturity profile (Mantine BarChart), loaded on demand by
// `MaturityChart`, which gives it its caption, summary and table.
import '@mantine/charts/styles.css'
import { BarChart } from '@mantine/charts'
import type { YearCount } from './maturity-chart.tsx'

/** Bonds maturing in each year. */
export default function MaturityPlot({ profile }: { profile: readonly YearCount[] }) {
  return (
    <BarChart
      h={200}
      data={[...profile]}
      dataKey="year"
      series={[{ name: 'bonds', label: 'Bonds maturing', color: 'blue.6' }]}
      yAxisProps={{ allowDecimals: false, width: 40 }}
      xAxisLabel="Maturity year"
      gridAxis="y"
      data-testid="mind-maturity-plot"
    />
  )
}
