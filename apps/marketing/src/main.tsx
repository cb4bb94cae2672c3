import { mountApp } from '@bonds/ui-kit'
import { App } from './app/app.tsx'

mountApp(<App />)
