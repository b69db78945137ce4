import { useRuntimeConfig } from '../runtime-config';

/** The OpenAPI document's address in this environment: an island of the pre-rendered reference page (decision 054). */
export function OpenApiDocumentLink() {
  const { apiBaseUrl } = useRuntimeConfig();
  return (
    <a href={`${apiBaseUrl}/openapi.json`} className="text-primary underline">
      OpenAPI document
    </a>
  );
}
