import { appConfig } from '@bonds/vite-config'
import { defineConfig } from 'vite'

export default defineConfig(appConfig({ base: '/dart/', port: 5172 }))
