// The methods of <chatbot-widget> a host page calls. The script-tag loader stubs them and queues the calls
// until the element has loaded, which then deletes the stubs and replays the calls; the loader hands this
// module to the app rather than both carrying it (scripts/shared-with-loader.mjs).

/** Methods of the host-page API (the script-tag loader queues calls to them until the widget has loaded). */
export const HOST_METHODS = ['open', 'close', 'toggle', 'send', 'reset'] as const;
/** A method of the host-page API. */
export type HostMethod = (typeof HOST_METHODS)[number];
