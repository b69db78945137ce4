export * from './plans';
export * from './regions';
export * from './networks';
export * from './billingPeriods';
export { apiScopes, type ApiScope } from './scopes';
export { webhookEvents, webhookEventTypes, webhookTestEvent, type WebhookEventType } from './webhookEvents';
