// What the platform needs beyond npm: one list, read by `npm start` and `npm test`.

/** Debian tools the test suites drive (binary -> Debian package). */
export const testTools = {};

/** Web apps built before they are served or tested: sources that make them stale, and their output. */
export const webBuilds = {};
