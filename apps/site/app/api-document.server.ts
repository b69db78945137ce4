import apiDocument from '@kaja/api-client/openapi.json';
import { endpoints, groupByResource, type ResourceGroup } from './openapi';

// Read once per build: every page of the API's documentation asks for it (its sidebar), and the document does not change.
let groups: ResourceGroup[] | undefined;

/**
 * The endpoints of the OpenAPI document the API of this version serves (checked in beside the
 * dashboard's client, and tested equal to what the API produces), by resource: what the reference
 * pages are pre-rendered from. Kept to the server: the document itself never goes to a browser.
 */
export const apiEndpointGroups = (): readonly ResourceGroup[] => (groups ??= groupByResource(endpoints(apiDocument)));

/** The endpoint reference's page of each resource (decision 088), beside its index `/api/reference`: pre-rendered and in the sitemap. */
export const resourcePaths = () => apiEndpointGroups().map(({ resource }) => `/api/reference/${resource}`);
