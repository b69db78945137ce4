export * from './plans';
export * from './regions';
export * from './networks';
export { apiScopes, type ApiScope } from './scopes';
