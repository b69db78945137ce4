import { EndpointReference } from '../components/endpoint-reference';
import { Island } from '../islands/island';
import { pageMeta } from '../seo';
import type { Route } from './+types/api-reference';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Endpoint Reference - API',
    description: 'Every endpoint of the Kaja DNS API v1 with its parameters, request body and responses, generated from the OpenAPI document.',
    path: '/api/reference',
  });

export default function ApiReference() {
  return <Island name="endpoint-reference" component={EndpointReference} props={{}} />;
}
