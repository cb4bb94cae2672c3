import { createTheme, localStorageColorSchemeManager } from '@mantine/core'

/** The one Mantine theme: colours, fonts, radius and component defaults for both schemes. */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 7, dark: 5 },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  fontFamilyMonospace: '"JetBrains Mono", ui-monospace, SFMono-Regular, Menlo, monospace',
  headings: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
  defaultRadius: 'sm',
  cursorType: 'pointer',
  components: {
    Table: { defaultProps: { verticalSpacing: 4, horizontalSpacing: 'xs', fz: 'sm' } },
  },
})

/** Local-storage key that keeps the chosen colour scheme across reloads and apps. */
export const COLOR_SCHEME_STORAGE_KEY = 'bonds-color-scheme'

/** Persists the colour scheme; with nothing stored, the system preference ('auto') applies. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY })
