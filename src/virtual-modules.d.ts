// Modules that exist only in the script-tag builds (see vite.config.ts).

/** Publishes the modules the script-tag app takes from the loader (scripts/shared-with-loader.mjs). */
declare module 'virtual:shared-with-loader';
