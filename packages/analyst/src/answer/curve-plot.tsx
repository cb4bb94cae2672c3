// The drawing of an answer's curve: a Mantine ScatterChart (recharts) of yield against years to
// maturity, one point per bond, its tooltip naming the bond and its figures. Loaded on demand by
// `CurveChart` (recharts is big: it loads with the first curve, not with mind's pages).
import '@mantine/charts/styles.css'
import type { MindChart } from '@bonds/domain'
import { ScatterChart } from '@mantine/charts'
import { Paper, Text } from '@mantine/core'

/** A point as the chart holds it: the bond's name under its own key (recharts gives `name` the series'). */
interface Point {
  x: number
  y: number
  bond: string
}

/** The tooltip of a point: its bond, yield and years to maturity. */
function PointTooltip({ payload }: { payload?: readonly { payload?: unknown }[] }) {
  const point = payload?.[0]?.payload as Point | undefined
  if (!point) return null
  return (
    <Paper withBorder shadow="sm" p="xs" radius="sm">
      <Text size="sm" fw={600}>
        {point.bond}
      </Text>
      <Text size="xs">
        {point.y}% at {point.x} years to maturity
      </Text>
    </Paper>
  )
}

/** The scatter; the caption, summary and table around it are `CurveChart`'s. */
export default function CurvePlot({ chart }: { chart: MindChart }) {
  // Whole years on the axis, with room after the longest bond.
  const longest = Math.ceil(Math.max(1, ...chart.points.map((p) => p.x)) + 0.01)
  return (
    <ScatterChart
      h={240}
      data={[
        {
          name: chart.yLabel,
          color: 'blue.6',
          data: chart.points.map((p) => ({ x: p.x, y: p.y, bond: p.name })) as never,
        },
      ]}
      dataKey={{ x: 'x', y: 'y' }}
      labels={{ x: 'Years to maturity', y: chart.yLabel }}
      xAxisLabel="Years to maturity"
      yAxisLabel={chart.yLabel}
      unit={{ y: '%' }}
      gridAxis="xy"
      xAxisProps={{ domain: [0, longest], type: 'number', allowDecimals: false }}
      yAxisProps={{ domain: ['auto', 'auto'], width: 56 }}
      tooltipProps={{ content: ({ payload }) => <PointTooltip payload={payload} /> }}
      data-testid="mind-chart-plot"
    />
  )
}
