// The endpoint reference's index (decision 088). The reference was one page until it was split by resource, and
// addresses of that page name an endpoint by its anchor, `/api/reference#get-v1-zones`. The index gives each
// endpoint's line that anchor, so such an address lands on the line (with no script too); this follows the
// line's link to the endpoint on its resource's page, replacing the old address in the history. A module of its
// own, loaded by the index alone: it runs as soon as the page is parsed, not after the islands.
let anchor = '';
try {
  anchor = decodeURIComponent(location.hash.slice(1));
} catch {
  // A malformed escape (`#%`) names no endpoint: the page stays as it is.
}
const entry = anchor ? document.getElementById(anchor) : null;
const link = entry?.matches('[data-endpoint-entry]') ? entry.querySelector('a') : null;
if (link) location.replace(link.href);
