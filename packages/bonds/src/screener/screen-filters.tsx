// The screener's filters: values of each category of spec section 3 (equals: any of them), and
// conditions with the other operators (credit rating by grade, time to maturity in years or by
// maturity date). Instrument type: Bond, the only one.
import {
  CATEGORY_OPERATORS,
  FILTER_CATEGORIES,
  filterProblem,
  INSTRUMENT_TYPES,
  MAX_YEARS_TO_MATURITY,
  RATING_GRADES,
  ratingGrade,
  TIME_TO_MATURITY_BUCKETS,
  type FilterCategory,
  type FilterOperator,
  type ScreenFilter,
} from '@bonds/domain'
import { formatIndianNumber, useHydrated } from '@bonds/ui-kit'
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { IconPlus, IconX } from '@tabler/icons-react'
import { memo, useId, useMemo, useState } from 'react'
import type { CategoryCounts } from '../api/screen.ts'
import classes from './screener.module.css'
import {
  CATEGORY_LABELS,
  CONDITION_LABELS,
  conditionKind,
  filterText,
  OPERATOR_LABELS,
  valueLabel,
  type ConditionKind,
} from './labels.ts'
import { isUnfiltered, sameFilter, type ScreenState } from './screen-state.ts'

/** Props of ScreenFilters. */
export interface ScreenFiltersProps {
  state: ScreenState
  onChange: (next: ScreenState) => void
  /** Values and counts of each category (null until they arrive). */
  counts: CategoryCounts | null
  countsFailed?: boolean
  onRetryCounts?: () => void
}

/** Best grade first, then by name; `rank` holds each value's grade index (-1: no grade). */
function byGrade(rank: ReadonlyMap<string, number>) {
  // Plain code-point order for the names: `localeCompare` (ICU) cost ~20 ms per render here.
  return (a: string, b: string) =>
    (rank.get(b) ?? -1) - (rank.get(a) ?? -1) || (a < b ? -1 : a > b ? 1 : 0)
}

/** Options of one category: its values with counts, and chosen values the counts lack. */
function optionsOf(
  category: FilterCategory,
  counts: CategoryCounts | null,
  chosen: readonly string[],
) {
  const list = [...(counts?.[category] ?? [])]
  for (const value of chosen)
    if (!list.some((v) => v.value === value)) list.push({ value, count: 0 })
  if (category === 'timeToMaturity') {
    const order: readonly string[] = TIME_TO_MATURITY_BUCKETS
    list.sort((a, b) => order.indexOf(a.value) - order.indexOf(b.value))
  } else if (category === 'creditRating') {
    const rank = new Map(
      list.map(({ value }) => [value, RATING_GRADES.indexOf(ratingGrade(value) ?? ('' as never))]),
    )
    const order = byGrade(rank)
    list.sort((a, b) => order(a.value, b.value))
  }
  return {
    data: list.map(({ value }) => ({ value, label: valueLabel(category, value) })),
    counts: new Map(list.map(({ value, count }) => [value, count])),
  }
}

const CategorySelect = memo(function CategorySelect({
  category,
  chosen,
  counts,
  onChange,
}: {
  category: FilterCategory
  chosen: readonly string[]
  counts: CategoryCounts | null
  onChange: (category: FilterCategory, values: string[]) => void
}) {
  const { data, counts: count } = useMemo(
    () => optionsOf(category, counts, chosen),
    [category, counts, chosen],
  )
  return (
    <MultiSelect
      label={CATEGORY_LABELS[category]}
      placeholder={chosen.length ? undefined : 'Any'}
      data={data}
      renderOption={({ option }) =>
        `${option.label} (${formatIndianNumber(count.get(option.value) ?? 0)})`
      }
      value={[...chosen]}
      onChange={(values) => onChange(category, values)}
      searchable
      clearable
      nothingFoundMessage="No values"
      maxDropdownHeight={260}
      size="sm"
    />
  )
})

const KIND_OPERATORS: Readonly<Record<ConditionKind, readonly FilterOperator[]>> = {
  rating: CATEGORY_OPERATORS.creditRating.filter((o) => o !== 'equals'),
  years: ['lt', 'lte', 'gt', 'gte'],
  date: ['dateIs', 'after', 'before'],
}

const FIRST_OPERATOR: Readonly<Record<ConditionKind, FilterOperator>> = {
  rating: 'gte',
  years: 'lt',
  date: 'after',
}

const GRADES_BEST_FIRST = [...RATING_GRADES].reverse()

/** The form that adds one condition (a filter with an operator other than equals). */
function ConditionForm({ onAdd }: { onAdd: (filter: ScreenFilter) => void }) {
  const [kind, setKind] = useState<ConditionKind>('rating')
  const [operator, setOperator] = useState<FilterOperator>('gte')
  const [grade, setGrade] = useState<string | null>('AA')
  const [years, setYears] = useState<string | number>('')
  const [date, setDate] = useState('')
  const [error, setError] = useState<string | null>(null)

  const operators = KIND_OPERATORS[kind]
  const filter = (): ScreenFilter => ({
    category: kind === 'rating' ? 'creditRating' : 'timeToMaturity',
    operator,
    value:
      kind === 'rating'
        ? (grade ?? '')
        : kind === 'date'
          ? date
          : years === ''
            ? NaN
            : Number(years),
  })

  return (
    <Group
      component="form"
      align="flex-start"
      gap="xs"
      wrap="wrap"
      aria-label="Add a condition"
      onSubmit={(event) => {
        event.preventDefault()
        const next = filter()
        const problem = filterProblem(next)
        setError(problem)
        if (!problem) onAdd(next)
      }}
    >
      <Select
        label="Condition on"
        data={(Object.keys(CONDITION_LABELS) as ConditionKind[]).map((k) => ({
          value: k,
          label: CONDITION_LABELS[k],
        }))}
        value={kind}
        allowDeselect={false}
        onChange={(value) => {
          const next = (value ?? 'rating') as ConditionKind
          setKind(next)
          setOperator(FIRST_OPERATOR[next])
          setError(null)
        }}
        size="sm"
        w={170}
      />
      <Select
        label="Operator"
        data={operators.map((o) => ({ value: o, label: OPERATOR_LABELS[o] }))}
        value={operator}
        allowDeselect={false}
        onChange={(value) => value && setOperator(value as FilterOperator)}
        size="sm"
        w={190}
      />
      {kind === 'rating' && (
        <Select
          label="Grade"
          data={GRADES_BEST_FIRST}
          value={grade}
          onChange={(value) => {
            setGrade(value)
            setError(null)
          }}
          error={error}
          allowDeselect={false}
          size="sm"
          w={110}
        />
      )}
      {kind === 'years' && (
        <NumberInput
          label="Years"
          value={years}
          onChange={(value) => {
            setYears(value)
            setError(null)
          }}
          min={0}
          max={MAX_YEARS_TO_MATURITY}
          decimalScale={2}
          allowNegative={false}
          error={error}
          size="sm"
          w={110}
        />
      )}
      {kind === 'date' && (
        <TextInput
          label="Date"
          type="date"
          value={date}
          onChange={(event) => {
            setDate(event.currentTarget.value)
            setError(null)
          }}
          error={error}
          size="sm"
          w={170}
        />
      )}
      <Button
        type="submit"
        size="sm"
        variant="light"
        mt={25}
        leftSection={<IconPlus size={16} aria-hidden />}
      >
        Add condition
      </Button>
    </Group>
  )
}

/** Where the filters stand unfolded (Mantine's `sm`, as in screener.module.css). */
const WIDE_QUERY = '(min-width: 48em)'

/** The screener's filters. */
export function ScreenFilters({
  state,
  onChange,
  counts,
  countsFailed,
  onRetryCounts,
}: ScreenFiltersProps) {
  const setValues = (category: FilterCategory, values: string[]) => {
    const next = { ...state.values }
    if (values.length) next[category] = values
    else delete next[category]
    onChange({ ...state, values: next })
  }
  const none: readonly string[] = useMemo(() => [], [])
  // On a phone the filters fold away under their heading, so the results are in reach.
  const [open, setOpen] = useState(false)
  // Folded filters are not mounted until first opened: on a phone they cost the page's start
  // nothing. (The prerendered first view has them; CSS hides them below the breakpoint. While it
  // hydrates they are there, as in its markup.)
  const hydrated = useHydrated()
  const wideScreen = useMediaQuery(WIDE_QUERY, true, { getInitialValueInEffect: false })
  const wide = wideScreen || !hydrated
  const [mounted, setMounted] = useState(open || wide)
  if ((open || wide) && !mounted) setMounted(true)
  const bodyId = useId()
  const active =
    state.filters.length + FILTER_CATEGORIES.filter((c) => state.values[c]?.length).length
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="screen-filters-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Title order={2} size="h4" id="screen-filters-title">
              Filters
            </Title>
            {active > 0 && <Text size="sm">({active} active)</Text>}
          </Group>
          <Group gap="xs">
            {!isUnfiltered(state) && (
              <Button
                size="compact-sm"
                variant="subtle"
                onClick={() => onChange({ ...state, values: {}, filters: [] })}
              >
                Clear all filters
              </Button>
            )}
            <Button
              hiddenFrom="sm"
              size="compact-sm"
              variant="light"
              aria-expanded={open}
              aria-controls={bodyId}
              onClick={() => setOpen((o) => !o)}
            >
              {open ? 'Hide filters' : 'Show filters'}
            </Button>
          </Group>
        </Group>
        <Stack gap="sm" id={bodyId} className={classes.filtersBody} data-open={open}>
          {mounted && (
            <>
              {countsFailed && (
                <Alert color="red" variant="light" p="xs">
                  <Group gap="xs" justify="space-between">
                    <Text size="sm">The filter values could not be loaded.</Text>
                    {onRetryCounts && (
                      <Button size="compact-sm" variant="light" color="red" onClick={onRetryCounts}>
                        Try again
                      </Button>
                    )}
                  </Group>
                </Alert>
              )}
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 6 }} spacing="sm">
                <Select
                  label="Instrument type"
                  data={[...INSTRUMENT_TYPES]}
                  value={INSTRUMENT_TYPES[0]}
                  allowDeselect={false}
                  size="sm"
                />
                {FILTER_CATEGORIES.map((category) => (
                  <CategorySelect
                    key={category}
                    category={category}
                    chosen={state.values[category] ?? none}
                    counts={counts}
                    onChange={setValues}
                  />
                ))}
              </SimpleGrid>
              <ConditionForm
                onAdd={(filter) => {
                  if (state.filters.some((f) => sameFilter(f, filter))) return
                  onChange({ ...state, filters: [...state.filters, filter] })
                }}
              />
              {state.filters.length > 0 && (
                <Group
                  gap="xs"
                  component="ul"
                  aria-label="Conditions"
                  style={{ listStyle: 'none', padding: 0, margin: 0 }}
                >
                  {state.filters.map((filter, index) => {
                    const text = filterText(filter)
                    return (
                      <Group
                        key={`${filter.category}.${filter.operator}.${filter.value}`}
                        component="li"
                        gap={4}
                        wrap="nowrap"
                        pl="sm"
                        pr={4}
                        py={2}
                        style={{
                          border: '1px solid var(--mantine-color-default-border)',
                          borderRadius: 'var(--mantine-radius-xl)',
                        }}
                        data-kind={conditionKind(filter)}
                      >
                        <Text size="sm">{text}</Text>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          size="sm"
                          radius="xl"
                          aria-label={`Remove ${text}`}
                          onClick={() =>
                            onChange({
                              ...state,
                              filters: state.filters.filter((_, i) => i !== index),
                            })
                          }
                        >
                          <IconX size={14} aria-hidden />
                        </ActionIcon>
                      </Group>
                    )
                  })}
                </Group>
              )}
            </>
          )}
        </Stack>
      </Stack>
    </Paper>
  )
}
