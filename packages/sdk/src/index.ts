// @kaja/sdk: the Kaja DNS API's typed client for Node.js 20+ and browsers.
export { defaultBaseUrl, Kaja, type KajaApi, type KajaOptions } from './client';
export { KajaError, type KajaErrorCode } from './errors';
export { maxPageSize, paginate, type Page, type PageCall } from './paging';
export { retryAfterMs } from './retry';
export type { components, operations, paths } from '@kaja/api-client';
