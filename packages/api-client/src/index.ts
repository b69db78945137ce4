export type { components, operations, paths } from './schema';
export { sessionOnlyCalls } from './sessionOnly';
