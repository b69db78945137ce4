import apiDocument from '@kaja/api-client/openapi.json';
import { endpoints, groupByResource } from './openapi';

/**
 * The endpoints of the OpenAPI document the API of this version serves (checked in beside the
 * dashboard's client, and tested equal to what the API produces), by resource: what the reference
 * page is pre-rendered from. Kept to the server: the document itself never goes to a browser.
 */
export const apiEndpointGroups = () => groupByResource(endpoints(apiDocument));
