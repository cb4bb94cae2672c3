import type { StorybookConfig } from '@storybook/react-vite'

// The one Storybook host: every *.stories.tsx of the packages, and of the apps where a screen still
// lives in its app (web-dart's settings).
const config: StorybookConfig = {
  stories: ['../../../packages/*/src/**/*.stories.tsx', '../../../apps/*/src/**/*.stories.tsx'],
  framework: { name: '@storybook/react-vite', options: {} },
  // axe on every story after it renders (the panel, and the story tests of tooling/e2e).
  addons: ['@storybook/addon-a11y'],
  core: { disableTelemetry: true },
  async viteFinal(viteConfig) {
    viteConfig.build ??= {}
    viteConfig.build.chunkSizeWarningLimit = 2000
    viteConfig.build.rollupOptions ??= {}
    // Mantine marks its modules "use client"; the warning is noise in a client-only build.
    viteConfig.build.rollupOptions.onwarn = (warning, warn) => {
      if (warning.code === 'MODULE_LEVEL_DIRECTIVE' || warning.code === 'SOURCEMAP_ERROR') return
      warn(warning)
    }
    return viteConfig
  },
}

export default config
