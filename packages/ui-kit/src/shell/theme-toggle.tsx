import { ActionIcon, Box, useComputedColorScheme, useMantineColorScheme } from '@mantine/core'
import { IconMoon, IconSun } from '@tabler/icons-react'
import { useHydrated } from './first-view.tsx'

/** Switches between light and dark; the choice is kept in local storage for every app. */
export function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme()
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false })
  // A prerendered page was rendered light: it hydrates as such, then takes the reader's scheme.
  // The icons follow the scheme through CSS from the first paint.
  const computed = useHydrated() ? scheme : 'light'
  const next = computed === 'dark' ? 'light' : 'dark'
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label="Toggle color scheme"
      title={`Switch to ${next} theme`}
      onClick={() => setColorScheme(next)}
    >
      <Box component={IconSun} size={18} aria-hidden lightHidden />
      <Box component={IconMoon} size={18} aria-hidden darkHidden />
    </ActionIcon>
  )
}
