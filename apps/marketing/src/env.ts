// The only module of this app that reads build-time environment values.

/** Id of this build, compared with `builds/latest.json` to notice a newer deploy. */
export const BUILD_ID: string = import.meta.env.VITE_BUILD_ID ?? 'dev'
/** True in a production build. */
export const IS_PRODUCTION: boolean = import.meta.env.PROD
