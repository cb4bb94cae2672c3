// The only module of this app that reads build-time environment values.

/** Id of this build, compared with `builds/latest.json` to notice a newer deploy. */
export const BUILD_ID: string = import.meta.env.VITE_BUILD_ID ?? 'dev'
/** True in a production build. */
export const IS_PRODUCTION: boolean = import.meta.env.PROD
/** The app's base path, under which `builds/latest.json` is served. */
export const BASE_PATH: string = import.meta.env.BASE_URL
