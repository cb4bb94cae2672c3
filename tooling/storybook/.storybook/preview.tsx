import '@bonds/ui-kit/styles.css'
import type { Preview } from '@storybook/react-vite'
import { BondsProvider } from '@bonds/ui-kit'
import { MemoryRouter } from 'react-router'

/**
 * The accessibility addon's rules: WCAG 2.0–2.2 A and AA, with axe's experimental rules for those
 * criteria (Label in Name among them), as the end-to-end gate runs them (decision 240).
 */
const A11Y_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']
const EXPERIMENTAL_WCAG_RULES = [
  'label-content-name-mismatch',
  'p-as-heading',
  'css-orientation-lock',
  'table-fake-caption',
]

// Every story renders inside the product's provider and a router; the toolbar switches theme.
const preview: Preview = {
  globalTypes: {
    scheme: {
      description: 'Colour scheme',
      toolbar: { title: 'Theme', icon: 'mirror', items: ['light', 'dark'], dynamicTitle: true },
    },
  },
  initialGlobals: { scheme: 'light' },
  decorators: [
    (Story, context) => {
      const scheme = (context.parameters.scheme ?? context.globals.scheme ?? 'light') as
        'light' | 'dark'
      return (
        <BondsProvider forceColorScheme={scheme}>
          <MemoryRouter>
            <Story />
          </MemoryRouter>
        </BondsProvider>
      )
    },
  ],
  parameters: {
    layout: 'fullscreen',
    // Every story is checked after it renders; a violation fails its story test ('error'). A story
    // that cannot pass yet says why with `a11y: { test: 'todo' }` (reported, not failing).
    a11y: {
      test: 'error',
      options: {
        runOnly: { type: 'tag', values: A11Y_TAGS },
        rules: Object.fromEntries(EXPERIMENTAL_WCAG_RULES.map((id) => [id, { enabled: true }])),
      },
    },
  },
}

export default preview
