// Generated from openapi.json by `npm run generate-client -w apps/api`: do not edit.

export interface paths {
    "/nic/update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Publish a host’s current address (dyndns2 protocol, for routers and ddclient)
         * @description Sets the A set (IPv4) and/or AAAA set (IPv6) of each host name to one address, as routers and `ddclient` (`protocol=dyndns2`) do. Outside `/v1`; answered in plain text, one line per host name.
         *
         *     Authentication: HTTP basic auth with an API key as the password (the user name is the host name or anything), or `Authorization: Bearer <API key>`. The key needs `records:write`, and its zones, record policies (A and AAAA at the name) and client networks must allow the change. A request without credentials gets 401 with `WWW-Authenticate: Basic`.
         *
         *     Addresses: `myip` (IPv4 or IPv6; `<ipv4>,<ipv6>` sets both) and `myipv6`; with neither, the address the request comes from. A family not given is left unchanged. An existing set keeps its TTL; a new set gets 60 seconds. Each change is one new serial, in the zone's history as source `api`.
         *
         *     Rate limit: 10 host updates per key per 600 seconds, then `abuse` with Retry-After.
         *
         *     Answers, one line per host name (text/plain):
         *     - `good <addresses>` (200): the address was published
         *     - `nochg <addresses>` (200): the host already had just that address
         *     - `nohost` (200): not a host name in a zone the key may change (the key’s zones and record policies)
         *     - `notfqdn` (200): no host name, or not a fully qualified one
         *     - `numhost` (200): more than 20 host names
         *     - `dnserr` (200): the change breaks a record rule (such as a CNAME at the name) or the plan’s record limit
         *     - `abuse` (200, Retry-After): too many updates with this key, or too many refused credentials from this address
         *     - `badauth` (401, WWW-Authenticate): no API key, or one that may not do this (unknown, revoked, expired, without `records:write`, not from this address, or the account is read-only)
         *     - `911` (500): a failure on our side; try again later
         *     - a sentence (400) naming a malformed parameter, such as an address that is not one
         *
         *     API key only (HTTP basic password or Bearer); scope `records:write`.
         */
        get: {
            parameters: {
                query?: {
                    /** @description The host name(s) to update, comma-separated (up to 20); left out, the basic-auth user name */
                    hostname?: string;
                    /** @description The address to publish: IPv4, IPv6, or both as `<ipv4>,<ipv6>` */
                    myip?: string;
                    /** @description The IPv6 address to publish */
                    myipv6?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description One line per host name: `good <addresses>`, `nochg <addresses>`, `nohost`, `notfqdn`, `dnserr`, `abuse`, `numhost` (text/plain) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/plain": string;
                    };
                };
                /** @description What is wrong with a parameter (text/plain) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/plain": string;
                    };
                };
                /** @description `badauth` (text/plain) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/plain": string;
                    };
                };
                /** @description `911` (text/plain) */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/plain": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/analytics/conversion": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Clicks of the site’s sign-up buttons against sign-ups, per day (platform staff)
         * @description API key, access token or session cookie; scope `customers:read`.
         *
         *     API key, access token or session cookie; scope `customers:read`.
         */
        get: {
            parameters: {
                query?: {
                    /** @description How many days up to today (UTC) */
                    days?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["SignUpConversion"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/analytics/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Count a page view or a sign-up button click on the site (limited per client address)
         * @description What the site’s pages send with `sendBeacon`: JSON as text, so no preflight. Counted per day only, with no cookie, no identifier and no address kept; not counted when the browser sends `DNT: 1` or `Sec-GPC: 1`, nor while analytics is off.
         *
         *     No credential needed.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "text/plain": string;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description Whether the event was counted */
                                counted: boolean;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/analytics/funnel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The funnel from sign-up to the first paid invoice, per day or week, each step once per customer (platform staff)
         * @description API key, access token or session cookie; scope `customers:read`.
         *
         *     API key, access token or session cookie; scope `customers:read`.
         */
        get: {
            parameters: {
                query?: {
                    period?: "day" | "week";
                    /** @description How many days or weeks up to this one */
                    periods?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Funnel"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/analytics/pages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The site’s page views per day, per page and per referring site (platform staff)
         * @description API key, access token or session cookie; scope `customers:read`.
         *
         *     API key, access token or session cookie; scope `customers:read`.
         */
        get: {
            parameters: {
                query?: {
                    /** @description How many days up to today (UTC) */
                    days?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["SitePageViews"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/apikeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The active API keys of your team that you manage, with each key's user, creator and last use (never the secrets)
         * @description Owners see every key of the customer, admins every key but owners’, members only their own; newest first. `can_revoke` applies the rules of revoking (the role over the key’s user and, with an API key as credential, `customers:write` and a key no wider than the caller).
         *
         *     API key, access token or session cookie; scope `customers:read`.
         *
         *     API key, access token or session cookie; scope `customers:read`.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["TeamApiKey"][];
                            meta: {
                                limit: number;
                                offset: number;
                                total: number;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/audit-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your customer's audit log, newest first
         * @description API key, access token or session cookie; scope `customers:read`.
         *
         *     API key, access token or session cookie; scope `customers:read`.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Exact action, or a family such as api_key.* */
                    action?: string;
                    /** @description Staff only: another customer */
                    customer_id?: string;
                    limit?: number;
                    offset?: number;
                    target_id?: string;
                    target_type?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["AuditEvent"][];
                            meta: {
                                limit: number;
                                offset: number;
                                total: number;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/change-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change the password; other sessions end
         * @description Session only: the access token from sign-in or the session cookie, not an API key.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        current_password: string;
                        new_password: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                message: string;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/passkeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The person’s passkeys
         * @description Session only: the access token from sign-in or the session cookie, not an API key.
         *
         *     Session only: the access token from sign-in or the session cookie, not an API key.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Passkey"][];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Keep a new passkey: the browser’s answer to the registration options, and a name for it
         * @description The first second factor of a person also brings ten recovery codes, returned this once (else `recovery_codes` is null).
         *
         *     The answer carries a secret and is sent with `Cache-Control: no-store`.
         *
         *     Session only: the access token from sign-in or the session cookie, not an API key.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        challenge_id: string;
                        name: string;
                        response: components["schemas"]["PasskeyRegistrationResponseInput"];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                passkey: components["schemas"]["Passkey"];
                                recovery_codes: string[] | null;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/passkeys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a passkey
         * @description Refused (409) when it is the last second factor of someone who must have one.
         *
         *     Session only: the access token from sign-in or the session cookie, not an API key.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                message: string;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Rename a passkey
         * @description Session only: the access token from sign-in or the session cookie, not an API key.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Passkey"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/v1/auth/passkeys/registration-options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * WebAuthn options to create a passkey for the person (give them to the browser)
         * @description Session only: the access token from sign-in or the session cookie, not an API key.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /**
                                 * Format: uuid
                                 * @description Send it back with the browser’s answer (valid 5 minutes, once)
                                 */
                                challenge_id: string;
                                /** @description WebAuthn options in JSON form, for @simplewebauthn/browser (or navigator.credentials) as they are */
                                options: {
                                    [key: string]: unknown;
                                };
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/passkeys/sign-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with a passkey alone (instead of the password and a second factor)
         * @description A passkey is both factors: something the person holds, unlocked on their device. Failures count against the client address like wrong passwords.
         *
         *     The answer carries a secret and is sent with `Cache-Control: no-store`.
         *
         *     No credential needed.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        challenge_id: string;
                        response: components["schemas"]["PasskeyAuthenticationResponseInput"];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["SignedIn"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/passkeys/sign-in-options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with a passkey alone: WebAuthn options (the browser offers the passkeys it holds for the dashboard)
         * @description No credential needed.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /**
                                 * Format: uuid
                                 * @description Send it back with the browser’s answer (valid 5 minutes, once)
                                 */
                                challenge_id: string;
                                /** @description WebAuthn options in JSON form, for @simplewebauthn/browser (or navigator.credentials) as they are */
                                options: {
                                    [key: string]: unknown;
                                };
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/recovery-codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the recovery codes with ten new ones (shown once), confirmed with a fresh second factor
         * @description The answer carries a secret and is sent with `Cache-Control: no-store`.
         *
         *     Session only: the access token from sign-in or the session cookie, not an API key.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Exactly one of: a code from the authenticator app, a recovery code, or a passkey signature (options from POST /auth/two-factor/passkey-options) */
                        factor: {
                            /** @description The 6 digits the authenticator app shows now */
                            code?: string;
                            passkey?: {
                                /** Format: uuid */
                                challenge_id: string;
                                response: components["schemas"]["PasskeyAuthenticationResponseInput"];
                            };
                            /** @description One of the recovery codes (each works once) */
                            recovery_code?: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description Ten recovery codes, shown only now: keep them somewhere safe */
                                recovery_codes: string[];
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/request-password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mail a password reset link (valid 1 hour, once)
         * @description Answers the same whether or not the email is registered.
         *
         *     No credential needed.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: email */
                        email: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                message: string;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/resend-verification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send the verification mail again
         * @description Answers the same whether or not the email is registered.
         *
         *     No credential needed.
         */
        post: {
            parameters: {
                query: {
                    email: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                message: string;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a new password with the mailed token; all sessions and other reset links end
         * @description API keys keep working unless `revoke_api_keys` is true: then every API key of the person is revoked too (use it when the account may have been taken over).
         *
         *     No credential needed.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        password: string;
                        /** @description Also revoke every API key of the person (default false) */
                        revoke_api_keys?: boolean;
                        token: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                message: string;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in user and their customer
         * @description `two_factor_enrolment_required` is true when the person must set up two-step sign-in before anything else (platform staff, or the customer requires it).
         *
         *     Session only: the access token from sign-in or the session cookie, not an API key.
         *
         *     Session only: the access token from sign-in or the session cookie, not an API key.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                customer: components["schemas"]["Customer"];
                                two_factor_enrolment_required: boolean;
                                user: components["schemas"]["User"];
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The person’s open sessions: when started and last used, from which address and browser
         * @description Session only: the access token from sign-in or the session cookie, not an API key.
         *
         *     Session only: the access token from sign-in or the session cookie, not an API key.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Session"][];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Sign one session out (e.g. a lost device); the current one too when named
         * @description Session only: the access token from sign-in or the session cookie, not an API key.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                message: string;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/sign-in-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Finish signing in with a mailed sign-in link
         * @description When many wrong passwords were tried on an account from elsewhere, the right password does not give a session at once: sign-in answers 403 with `details.sign_in_link_sent` and mails a link (valid 15 minutes, once). Its token, sent here, signs the person in.
         *
         *     The answer carries a secret and is sent with `Cache-Control: no-store`.
         *
         *     No credential needed.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        token: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["SignedIn"] | components["schemas"]["SecondFactorStep"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/signin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in: returns an access token and sets the session cookie
         * @description Failed sign-ins are counted per client address (30 in 15 minutes) and per account and client address (10): past either, 429 with Retry-After. After 20 failures for an account from anywhere, the right password answers 403 with `details.sign_in_link_sent` and a sign-in link is mailed (see /auth/sign-in-link): the owner is never locked out.
         *
         *     With two-step sign-in set up, the right password answers `second_factor_required` and a `sign_in_token` instead of a session: finish with POST /auth/signin/second-factor. A sign-in from a browser or program not used on the account before is mailed to its owner.
         *
         *     The answer carries a secret and is sent with `Cache-Control: no-store`.
         *
         *     No credential needed.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: email */
                        email: string;
                        password: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["SignedIn"] | components["schemas"]["SecondFactorStep"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/signin/passkey-options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in, second step with a passkey: WebAuthn options for the person’s passkeys
         * @description No credential needed.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        sign_in_token: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /**
                                 * Format: uuid
                                 * @description Send it back with the browser’s answer (valid 5 minutes, once)
                                 */
                                challenge_id: string;
                                /** @description WebAuthn options in JSON form, for @simplewebauthn/browser (or navigator.credentials) as they are */
                                options: {
                                    [key: string]: unknown;
                                };
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/signin/second-factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in, second step: the sign-in token and one second factor give the session
         * @description Give exactly one of `code` (authenticator app; a code works once), `recovery_code` (each works once) or `passkey` (a signature over the options from POST /auth/signin/passkey-options). A wrong factor answers 422 and counts as a failed sign-in; after 5 the sign-in token ends and the password is asked again.
         *
         *     The answer carries a secret and is sent with `Cache-Control: no-store`.
         *
         *     No credential needed.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The 6 digits the authenticator app shows now */
                        code?: string;
                        passkey?: {
                            /** Format: uuid */
                            challenge_id: string;
                            response: components["schemas"]["PasskeyAuthenticationResponseInput"];
                        };
                        /** @description One of the recovery codes (each works once) */
                        recovery_code?: string;
                        sign_in_token: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["SignedIn"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/signout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out: revokes the session
         * @description Session only: the access token from sign-in or the session cookie, not an API key.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                message: string;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/signout-everywhere": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out everywhere: revokes every session of the user, this one included
         * @description For a lost or shared device. API keys are not sessions: revoke them under API keys.
         *
         *     Session only: the access token from sign-in or the session cookie, not an API key.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                message: string;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign up: creates the customer and its owner and mails a verification link
         * @description Answers the same whether or not the email is already registered.
         *
         *     No credential needed.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        company: string;
                        /** Format: email */
                        email: string;
                        full_name: string;
                        password: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                message: string;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/totp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start setting up an authenticator app: its secret and otpauth:// URI (show it as a QR code)
         * @description Nothing changes at sign-in until the app is confirmed with a code (POST /auth/totp/confirm). Calling it again starts over with a new secret.
         *
         *     Session only: the access token from sign-in or the session cookie, not an API key.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                otpauth_uri: string;
                                /** @description Base32, for typing into the app */
                                secret: string;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/totp/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm the authenticator app with the code it shows: from now on sign-in asks for a code
         * @description The first second factor of a person also brings ten recovery codes, returned this once (else `recovery_codes` is null). Wrong codes count as failed sign-ins.
         *
         *     The answer carries a secret and is sent with `Cache-Control: no-store`.
         *
         *     Session only: the access token from sign-in or the session cookie, not an API key.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description The 6 digits the authenticator app shows now */
                        code: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                recovery_codes: string[] | null;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/totp/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn the authenticator app off, confirmed with a fresh second factor
         * @description Refused (409) when it is the last second factor of someone who must have one. With the last factor gone, the recovery codes go too.
         *
         *     Session only: the access token from sign-in or the session cookie, not an API key.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Exactly one of: a code from the authenticator app, a recovery code, or a passkey signature (options from POST /auth/two-factor/passkey-options) */
                        factor: {
                            /** @description The 6 digits the authenticator app shows now */
                            code?: string;
                            passkey?: {
                                /** Format: uuid */
                                challenge_id: string;
                                response: components["schemas"]["PasskeyAuthenticationResponseInput"];
                            };
                            /** @description One of the recovery codes (each works once) */
                            recovery_code?: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                message: string;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/two-factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What two-step sign-in the person has set up, and whether it is required
         * @description Session only: the access token from sign-in or the session cookie, not an API key.
         *
         *     Session only: the access token from sign-in or the session cookie, not an API key.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["TwoFactorStatus"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/two-factor/passkey-options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * WebAuthn options to confirm a change with one of the person’s passkeys (the `factor.passkey` of other calls)
         * @description Session only: the access token from sign-in or the session cookie, not an API key.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /**
                                 * Format: uuid
                                 * @description Send it back with the browser’s answer (valid 5 minutes, once)
                                 */
                                challenge_id: string;
                                /** @description WebAuthn options in JSON form, for @simplewebauthn/browser (or navigator.credentials) as they are */
                                options: {
                                    [key: string]: unknown;
                                };
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/verify-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Verify the email address with the mailed token
         * @description Returns an access token and, the first time, `default_api_key` with its secret (shown once).
         *
         *     The answer carries a secret and is sent with `Cache-Control: no-store`.
         *
         *     No credential needed.
         *
         *     The answer carries a secret and is sent with `Cache-Control: no-store`.
         *
         *     No credential needed.
         */
        get: {
            parameters: {
                query: {
                    token: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                access_token: string;
                                default_api_key?: {
                                    /** Format: uuid */
                                    id: string;
                                    key: string;
                                    name: string;
                                    scopes: string[];
                                };
                                /** Format: date-time */
                                expires_at: string;
                                user: components["schemas"]["User"];
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Verify the email address with the mailed token
         * @description The answer carries a secret and is sent with `Cache-Control: no-store`.
         *
         *     No credential needed.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        token: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                access_token: string;
                                default_api_key?: {
                                    /** Format: uuid */
                                    id: string;
                                    key: string;
                                    name: string;
                                    scopes: string[];
                                };
                                /** Format: date-time */
                                expires_at: string;
                                user: components["schemas"]["User"];
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/catalog-zone": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your catalog zone and the zones it lists (404 when it is off)
         * @description API key, access token or session cookie; scope `zones:read`.
         *
         *     API key, access token or session cookie; scope `zones:read`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["CatalogZone"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Turn on your catalog zone, listing your zones for your own secondaries
         * @description One per customer; it does not count as a zone of your plan. `name` defaults to a name of yours under catalog.invalid (never delegated); a name you choose follows the rules of zone names. Then create a TSIG key with can_transfer on the catalog (POST /zones/{zone_id}/tsig-keys) and add your secondaries (POST /zones/{zone_id}/secondaries): they may transfer the catalog and every zone it lists with that key, and are sent NOTIFY for all of them. A credential limited to some zones is refused (403).
         *
         *     API key, access token or session cookie; scope `zones:write`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name?: string;
                        /** @enum {string} */
                        region?: "EU_GLOBAL" | "EU" | "GLOBAL";
                        /** @description 60 to 604800 seconds (default 3600) */
                        ttl?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["CatalogZone"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        /**
         * Turn the catalog zone off (asynchronously)
         * @description Answers 202: the catalog is no longer served and is removed by a background job with its keys and secondaries. Your secondaries keep the zones they hold until they remove them themselves.
         *
         *     API key, access token or session cookie; scope `zones:write`.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["CatalogZone"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your customer with its usage (staff: all customers, searched and filtered)
         * @description API key, access token or session cookie; scope `customers:read`.
         *
         *     API key, access token or session cookie; scope `customers:read`.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                    /** @description Part of the name or of a member’s e-mail address, or the customer’s id */
                    q?: string;
                    /** @description The subscription’s state; canceled: no current subscription */
                    state?: "trialing" | "active" | "past_due" | "suspended" | "canceled";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["CustomerWithUsage"][];
                            meta: {
                                limit: number;
                                offset: number;
                                total: number;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a customer (platform staff; customers sign up through /auth/signup)
         * @description API key, access token or session cookie; scope `customers:write`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        default_region?: "EU_GLOBAL" | "EU" | "GLOBAL";
                        name: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Customer"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One customer
         * @description API key, access token or session cookie; scope `customers:read`.
         *
         *     API key, access token or session cookie; scope `customers:read`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Customer"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        /**
         * Change the customer: name, default zone region, billing address, EU VAT ID (owners and admins)
         * @description A VAT ID is checked against the format of its member state and must match the billing country; send null to remove it.
         *
         *     API key, access token or session cookie; scope `customers:write`.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        billing_address?: components["schemas"]["BillingAddressInput"];
                        /** @enum {string} */
                        default_region?: "EU_GLOBAL" | "EU" | "GLOBAL";
                        name?: string;
                        /** @description Owners only: every member must sign in with a second factor; those without one set it up at their next sign-in. The owner needs one first. */
                        require_two_factor?: boolean;
                        vat_id?: string | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Customer"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        post?: never;
        /**
         * Delete the customer with its users, keys and invitations (owners, staff)
         * @description API key, access token or session cookie; scope `customers:write`.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                message: string;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers/{id}/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A customer’s members, zones, usage and latest invoices, read-only (platform staff)
         * @description API key, access token or session cookie; scope `customers:read`.
         *
         *     API key, access token or session cookie; scope `customers:read`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["CustomerOverview"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers/{id}/suspend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Suspend the customer’s account: read-only, its zones disabled after 30 days (platform staff)
         * @description The life cycle’s suspension with the reason `staff`: paying or ordering a plan does not end it, only unsuspending.
         *
         *     Session only: the access token from sign-in or the session cookie, not an API key.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Why: kept in the audit log, which the customer’s owners and admins read too */
                        reason: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Subscription"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers/{id}/trial-extension": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Extend the customer’s trial, or reopen one that ended without a plan (platform staff)
         * @description Session only: the access token from sign-in or the session cookie, not an API key.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Added to the trial’s end, or to now when it has ended */
                        days: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Subscription"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/customers/{id}/unsuspend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Lift a suspension by staff: the subscription is back as it was, disabled zones served again (platform staff)
         * @description Session only: the access token from sign-in or the session cookie, not an API key.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Why: kept in the audit log, which the customer’s owners and admins read too */
                        reason: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Subscription"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/dns-nodes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The DNS nodes and their last heartbeats (platform staff)
         * @description API key, access token or session cookie; scope `customers:read`.
         *
         *     API key, access token or session cookie; scope `customers:read`.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["DnsNode"][];
                            meta: {
                                limit: number;
                                offset: number;
                                total: number;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/dns-nodes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Forget a retired DNS node (platform staff); a running one comes back at its next heartbeat
         * @description API key, access token or session cookie; scope `customers:write`.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                message: string;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/dns-query-totals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * DNS queries answered per network, per day and in the last hours (platform staff)
         * @description API key, access token or session cookie; scope `customers:read`.
         *
         *     API key, access token or session cookie; scope `customers:read`.
         */
        get: {
            parameters: {
                query?: {
                    days?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["DnsQueryTotals"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/errors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Error issues, grouped by fingerprint, the most recently seen first (platform staff)
         * @description Without `state`, every issue but the muted ones.
         *
         *     API key, access token or session cookie; scope `customers:read`.
         *
         *     API key, access token or session cookie; scope `customers:read`.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                    /** @description site or dashboard (visitors’ browsers), api, job or dns (the platform itself) */
                    source?: "site" | "dashboard" | "api" | "job" | "dns";
                    /** @description open; resolved (the next event opens it again); muted (hidden from the list unless asked for, still counted) */
                    state?: "open" | "resolved" | "muted";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["ErrorIssue"][];
                            meta: {
                                limit: number;
                                offset: number;
                                total: number;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/errors/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One error issue with its latest events and their stacks, mapped to the sources (platform staff)
         * @description API key, access token or session cookie; scope `customers:read`.
         *
         *     API key, access token or session cookie; scope `customers:read`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description `file:line` of the top frame outside dependencies */
                                culprit: string | null;
                                /** @description Every event since the first, also those past the retention period */
                                event_count: number;
                                /** @description The latest 20 events kept, newest first */
                                events: {
                                    /** @description Browser and major version */
                                    browser: string | null;
                                    /** @description The stack, innermost frame first */
                                    frames: {
                                        column: number | null;
                                        /** @description The source file when `mapped`, else the built script */
                                        file: string;
                                        function: string | null;
                                        line: number | null;
                                        mapped: boolean;
                                    }[];
                                    /** Format: uuid */
                                    id: string;
                                    message: string;
                                    /** Format: date-time */
                                    received_at: string;
                                    release: string;
                                    /** @description The page’s path or the API route’s template, never a query string */
                                    route: string | null;
                                    type: string;
                                }[];
                                first_release: string;
                                /** Format: date-time */
                                first_seen_at: string;
                                /** Format: uuid */
                                id: string;
                                last_release: string;
                                /** Format: date-time */
                                last_seen_at: string;
                                /** @description Of the latest event, with e-mail addresses, credentials and query strings removed */
                                message: string;
                                /**
                                 * @description site or dashboard (visitors’ browsers), api, job or dns (the platform itself)
                                 * @enum {string}
                                 */
                                source: "site" | "dashboard" | "api" | "job" | "dns";
                                /**
                                 * @description open; resolved (the next event opens it again); muted (hidden from the list unless asked for, still counted)
                                 * @enum {string}
                                 */
                                state: "open" | "resolved" | "muted";
                                /** @description When staff or a recurrence last changed the state; null while never changed */
                                state_changed_at: string | null;
                                type: string;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/errors/{id}/state": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Resolve, mute or reopen an error issue (platform staff)
         * @description API key, access token or session cookie; scope `customers:write`.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description open; resolved (the next event opens it again); muted (hidden from the list unless asked for, still counted)
                         * @enum {string}
                         */
                        state: "open" | "resolved" | "muted";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description `file:line` of the top frame outside dependencies */
                                culprit: string | null;
                                /** @description Every event since the first, also those past the retention period */
                                event_count: number;
                                /** @description The latest 20 events kept, newest first */
                                events: {
                                    /** @description Browser and major version */
                                    browser: string | null;
                                    /** @description The stack, innermost frame first */
                                    frames: {
                                        column: number | null;
                                        /** @description The source file when `mapped`, else the built script */
                                        file: string;
                                        function: string | null;
                                        line: number | null;
                                        mapped: boolean;
                                    }[];
                                    /** Format: uuid */
                                    id: string;
                                    message: string;
                                    /** Format: date-time */
                                    received_at: string;
                                    release: string;
                                    /** @description The page’s path or the API route’s template, never a query string */
                                    route: string | null;
                                    type: string;
                                }[];
                                first_release: string;
                                /** Format: date-time */
                                first_seen_at: string;
                                /** Format: uuid */
                                id: string;
                                last_release: string;
                                /** Format: date-time */
                                last_seen_at: string;
                                /** @description Of the latest event, with e-mail addresses, credentials and query strings removed */
                                message: string;
                                /**
                                 * @description site or dashboard (visitors’ browsers), api, job or dns (the platform itself)
                                 * @enum {string}
                                 */
                                source: "site" | "dashboard" | "api" | "job" | "dns";
                                /**
                                 * @description open; resolved (the next event opens it again); muted (hidden from the list unless asked for, still counted)
                                 * @enum {string}
                                 */
                                state: "open" | "resolved" | "muted";
                                /** @description When staff or a recurrence last changed the state; null while never changed */
                                state_changed_at: string | null;
                                type: string;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/errors/envelope": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report errors from the site or the dashboard: a Sentry envelope of event items (limited per client address)
         * @description What the Sentry browser SDK sends to its `tunnel`. Events are kept for staff without e-mail addresses, credentials or query strings.
         *
         *     No credential needed.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/x-sentry-envelope": string;
                    "text/plain": string;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @description Events stored (0 while error reporting is off) */
                                accepted: number;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness of the API and its database
         * @description No credential needed.
         *
         *     No credential needed.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @enum {string} */
                                database: "ok";
                                /** @enum {string} */
                                mode: "production" | "sandbox";
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/incidents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Incidents of the status page, newest first: those begun within `days` and any still unresolved
         * @description No credential needed.
         *
         *     No credential needed.
         */
        get: {
            parameters: {
                query?: {
                    days?: number;
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Incident"][];
                            meta: {
                                limit: number;
                                offset: number;
                                total: number;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Post an incident with its first update (platform staff)
         * @description API key, access token or session cookie; scope `customers:write`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description none, minor (degraded), major (partial outage) or critical (full outage)
                         * @enum {string}
                         */
                        impact: "none" | "minor" | "major" | "critical";
                        message: string;
                        region_ids: string[];
                        /**
                         * @default investigating
                         * @enum {string}
                         */
                        status?: "investigating" | "identified" | "monitoring" | "resolved";
                        title: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Incident"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/incidents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One incident with its updates
         * @description No credential needed.
         *
         *     No credential needed.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Incident"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        /**
         * Correct an incident’s title, impact or regions (platform staff)
         * @description API key, access token or session cookie; scope `customers:write`.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description none, minor (degraded), major (partial outage) or critical (full outage)
                         * @enum {string}
                         */
                        impact?: "none" | "minor" | "major" | "critical";
                        region_ids?: string[];
                        title?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Incident"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        post?: never;
        /**
         * Remove an incident posted by mistake (platform staff)
         * @description API key, access token or session cookie; scope `customers:write`.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                message: string;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/incidents/{id}/updates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Post an update, which sets the incident’s status (platform staff)
         * @description API key, access token or session cookie; scope `customers:write`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        message: string;
                        /** @enum {string} */
                        status: "investigating" | "identified" | "monitoring" | "resolved";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Incident"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invitations-admin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your customer's invitations (owners and admins)
         * @description API key, access token or session cookie; scope `customers:read`.
         *
         *     API key, access token or session cookie; scope `customers:read`.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Invitation"][];
                            meta: {
                                limit: number;
                                offset: number;
                                total: number;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Invite someone into your customer (owners and admins); mails a link valid 7 days, once
         * @description API key, access token or session cookie; scope `customers:write`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: email */
                        email: string;
                        /** @enum {string} */
                        role: "owner" | "admin" | "member";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Invitation"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invitations-admin/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One invitation (owners and admins)
         * @description API key, access token or session cookie; scope `customers:read`.
         *
         *     API key, access token or session cookie; scope `customers:read`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Invitation"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Withdraw a pending invitation
         * @description API key, access token or session cookie; scope `customers:write`.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Invitation"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invitations/{token}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Accept an invitation
         * @description Signed in with the invited address: you join the customer. For an address without an account the answer has `password_required: true`; then POST name and password to the same path.
         *
         *     No credential needed.
         *
         *     No credential needed.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    token: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                invitation: components["schemas"]["Invitation"];
                                password_required: boolean;
                                user: components["schemas"]["User"] | null;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Accept an invitation as a new user: choose name and password, and be signed in
         * @description The answer carries a secret and is sent with `Cache-Control: no-store`.
         *
         *     No credential needed.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    token: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        full_name: string;
                        password: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                access_token: string;
                                /** Format: date-time */
                                expires_at: string;
                                invitation: components["schemas"]["Invitation"];
                                user: components["schemas"]["User"];
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your customer's invoices, newest first
         * @description API key, access token or session cookie; scope `customers:read`.
         *
         *     API key, access token or session cookie; scope `customers:read`.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Invoice"][];
                            meta: {
                                limit: number;
                                offset: number;
                                total: number;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One invoice
         * @description API key, access token or session cookie; scope `customers:read`.
         *
         *     API key, access token or session cookie; scope `customers:read`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Invoice"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices/{id}/pay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record the payment of an invoice, e.g. a reconciled bank transfer (platform staff)
         * @description When no overdue invoice is left, a past-due or suspended subscription is active again and disabled zones are served again.
         *
         *     Session only: the access token from sign-in or the session cookie, not an API key.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        reference: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Invoice"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices/{id}/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One invoice as a PDF document
         * @description API key, access token or session cookie; scope `customers:read`.
         *
         *     API key, access token or session cookie; scope `customers:read`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The invoice (application/pdf) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/pdf": unknown;
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/pdf": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/pdf": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/pdf": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/pdf": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/pdf": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/pdf": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/pdf": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/pdf": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/pdf": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The plans with prices and limits
         * @description No credential needed.
         *
         *     No credential needed.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Plan"][];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/plans/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One plan
         * @description No credential needed.
         *
         *     No credential needed.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Plan"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/regions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Status of each region (for the status page), following its DNS nodes’ heartbeats
         * @description No credential needed.
         *
         *     No credential needed.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Region"][];
                            meta: {
                                limit: number;
                                offset: number;
                                total: number;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Add a region (platform staff)
         * @description API key, access token or session cookie; scope `customers:write`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        /** @enum {string} */
                        status: "online" | "offline" | "NA";
                        summary: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Region"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/regions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One region
         * @description No credential needed.
         *
         *     No credential needed.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Region"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        /**
         * Change a region’s name, status or summary (platform staff; N/A wins over the nodes, other statuses show while the region has none)
         * @description API key, access token or session cookie; scope `customers:write`.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name?: string;
                        /** @enum {string} */
                        status?: "online" | "offline" | "NA";
                        summary?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Region"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        post?: never;
        /**
         * Remove a region (platform staff)
         * @description API key, access token or session cookie; scope `customers:write`.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                message: string;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/subscriptions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Cancel at the end of the paid period (or of the trial); zones are served until then (owners and admins)
         * @description API key, access token or session cookie; scope `customers:write`.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                billing_interval: ("month" | "year") | null;
                                cancel_at_period_end: boolean;
                                canceled_at: string | null;
                                /** Format: date-time */
                                created_at: string;
                                current_period_end: string | null;
                                current_period_start: string | null;
                                /** Format: uuid */
                                id: string;
                                onboarding: {
                                    completed: number;
                                    steps: {
                                        done: boolean;
                                        /** @enum {string} */
                                        step: "create_zone" | "add_records" | "update_nameservers" | "enable_dnssec" | "invite_team";
                                    }[];
                                    total: number;
                                };
                                plan: components["schemas"]["Plan"];
                                plan_id: string;
                                /** @enum {string} */
                                status: "trialing" | "active" | "past_due" | "canceled" | "suspended";
                                suspended_at: string | null;
                                /** @description trial_ended: the trial ended without a plan; unpaid: an invoice 30 days unpaid; staff: Kaja DNS suspended it */
                                suspension_reason: ("trial_ended" | "unpaid" | "staff") | null;
                                trial_ends_at: string | null;
                                usage: {
                                    queries_this_month: {
                                        limit: number | null;
                                        used: number;
                                    };
                                    records: {
                                        limit: number | null;
                                        used: number;
                                    };
                                    zones: {
                                        limit: number | null;
                                        used: number;
                                    };
                                };
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/subscriptions/{id}/change-plan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change the plan at once: an upgrade is prorated on the next invoice; a downgrade below current usage is refused (owners and admins)
         * @description A downgrade that current usage exceeds answers 403 `quota_exceeded` with each exceeded limit and its usage in `details`. During a trial with a plan ordered, it changes the order (no charge; the trial runs to its end); a trial without an order answers 409: order through checkout.
         *
         *     API key, access token or session cookie; scope `customers:write`.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        new_plan_id: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                billing_interval: ("month" | "year") | null;
                                cancel_at_period_end: boolean;
                                canceled_at: string | null;
                                /** Format: date-time */
                                created_at: string;
                                current_period_end: string | null;
                                current_period_start: string | null;
                                /** Format: uuid */
                                id: string;
                                onboarding: {
                                    completed: number;
                                    steps: {
                                        done: boolean;
                                        /** @enum {string} */
                                        step: "create_zone" | "add_records" | "update_nameservers" | "enable_dnssec" | "invite_team";
                                    }[];
                                    total: number;
                                };
                                plan: components["schemas"]["Plan"];
                                plan_id: string;
                                /** @enum {string} */
                                status: "trialing" | "active" | "past_due" | "canceled" | "suspended";
                                suspended_at: string | null;
                                /** @description trial_ended: the trial ended without a plan; unpaid: an invoice 30 days unpaid; staff: Kaja DNS suspended it */
                                suspension_reason: ("trial_ended" | "unpaid" | "staff") | null;
                                trial_ends_at: string | null;
                                usage: {
                                    queries_this_month: {
                                        limit: number | null;
                                        used: number;
                                    };
                                    records: {
                                        limit: number | null;
                                        used: number;
                                    };
                                    zones: {
                                        limit: number | null;
                                        used: number;
                                    };
                                };
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/subscriptions/checkout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Order a paid plan, or upgrade: the plan applies at once; its first period starts at the end of a running trial, otherwise now, with an invoice payable within 14 days (owners and admins)
         * @description Needs a billing address on the customer (422 otherwise). During a trial the order keeps the trial to its end: the subscription stays `trialing` with the plan, `billing_interval` and the first paid period (`current_period_start` is the trial end) recorded, no invoice is issued now (`invoice` is null), and the first invoice is issued when the trial ends; ordering again replaces the order and withdraws a cancellation. `start: now` ends the trial at once and invoices from today instead. Scale is sold on request: 409 with `contact: sales`. A cheaper plan than the current paid one: 409, use change-plan.
         *
         *     Session only: the access token from sign-in or the session cookie, not an API key.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        interval?: "month" | "year";
                        plan_id: string;
                        /**
                         * @description During a trial: `trial_end` (default) starts the paid period when the trial ends; `now` ends the trial and starts it today. Ignored outside a trial.
                         * @enum {string}
                         */
                        start?: "trial_end" | "now";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                invoice: components["schemas"]["Invoice"] | null;
                                subscription: {
                                    billing_interval: ("month" | "year") | null;
                                    cancel_at_period_end: boolean;
                                    canceled_at: string | null;
                                    /** Format: date-time */
                                    created_at: string;
                                    current_period_end: string | null;
                                    current_period_start: string | null;
                                    /** Format: uuid */
                                    id: string;
                                    onboarding: {
                                        completed: number;
                                        steps: {
                                            done: boolean;
                                            /** @enum {string} */
                                            step: "create_zone" | "add_records" | "update_nameservers" | "enable_dnssec" | "invite_team";
                                        }[];
                                        total: number;
                                    };
                                    plan: components["schemas"]["Plan"];
                                    plan_id: string;
                                    /** @enum {string} */
                                    status: "trialing" | "active" | "past_due" | "canceled" | "suspended";
                                    suspended_at: string | null;
                                    /** @description trial_ended: the trial ended without a plan; unpaid: an invoice 30 days unpaid; staff: Kaja DNS suspended it */
                                    suspension_reason: ("trial_ended" | "unpaid" | "staff") | null;
                                    trial_ends_at: string | null;
                                    usage: {
                                        queries_this_month: {
                                            limit: number | null;
                                            used: number;
                                        };
                                        records: {
                                            limit: number | null;
                                            used: number;
                                        };
                                        zones: {
                                            limit: number | null;
                                            used: number;
                                        };
                                    };
                                };
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/subscriptions/current": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your customer's current subscription: plan, state, period, usage against the limits, onboarding (session only)
         * @description Session only: the access token from sign-in or the session cookie, not an API key.
         *
         *     Session only: the access token from sign-in or the session cookie, not an API key.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                billing_interval: ("month" | "year") | null;
                                cancel_at_period_end: boolean;
                                canceled_at: string | null;
                                /** Format: date-time */
                                created_at: string;
                                current_period_end: string | null;
                                current_period_start: string | null;
                                /** Format: uuid */
                                id: string;
                                onboarding: {
                                    completed: number;
                                    steps: {
                                        done: boolean;
                                        /** @enum {string} */
                                        step: "create_zone" | "add_records" | "update_nameservers" | "enable_dnssec" | "invite_team";
                                    }[];
                                    total: number;
                                };
                                plan: components["schemas"]["Plan"];
                                plan_id: string;
                                /** @enum {string} */
                                status: "trialing" | "active" | "past_due" | "canceled" | "suspended";
                                suspended_at: string | null;
                                /** @description trial_ended: the trial ended without a plan; unpaid: an invoice 30 days unpaid; staff: Kaja DNS suspended it */
                                suspension_reason: ("trial_ended" | "unpaid" | "staff") | null;
                                trial_ends_at: string | null;
                                usage: {
                                    queries_this_month: {
                                        limit: number | null;
                                        used: number;
                                    };
                                    records: {
                                        limit: number | null;
                                        used: number;
                                    };
                                    zones: {
                                        limit: number | null;
                                        used: number;
                                    };
                                };
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/subscriptions/onboarding-step": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark an onboarding step done (the platform also marks them when you do the thing)
         * @description Session only: the access token from sign-in or the session cookie, not an API key.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        step: "create_zone" | "add_records" | "update_nameservers" | "enable_dnssec" | "invite_team";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                billing_interval: ("month" | "year") | null;
                                cancel_at_period_end: boolean;
                                canceled_at: string | null;
                                /** Format: date-time */
                                created_at: string;
                                current_period_end: string | null;
                                current_period_start: string | null;
                                /** Format: uuid */
                                id: string;
                                onboarding: {
                                    completed: number;
                                    steps: {
                                        done: boolean;
                                        /** @enum {string} */
                                        step: "create_zone" | "add_records" | "update_nameservers" | "enable_dnssec" | "invite_team";
                                    }[];
                                    total: number;
                                };
                                plan: components["schemas"]["Plan"];
                                plan_id: string;
                                /** @enum {string} */
                                status: "trialing" | "active" | "past_due" | "canceled" | "suspended";
                                suspended_at: string | null;
                                /** @description trial_ended: the trial ended without a plan; unpaid: an invoice 30 days unpaid; staff: Kaja DNS suspended it */
                                suspension_reason: ("trial_ended" | "unpaid" | "staff") | null;
                                trial_ends_at: string | null;
                                usage: {
                                    queries_this_month: {
                                        limit: number | null;
                                        used: number;
                                    };
                                    records: {
                                        limit: number | null;
                                        used: number;
                                    };
                                    zones: {
                                        limit: number | null;
                                        used: number;
                                    };
                                };
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/support": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Support requests received, newest first (platform staff)
         * @description API key, access token or session cookie; scope `customers:read`.
         *
         *     API key, access token or session cookie; scope `customers:read`.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                    state?: "open" | "handled";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["SupportRequest"][];
                            meta: {
                                limit: number;
                                offset: number;
                                total: number;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Send a message to support (stored and mailed; limited per client address)
         * @description No credential needed.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: email */
                        email: string;
                        message: string;
                        name: string;
                        source: string;
                        subject: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** Format: date-time */
                                created_at: string;
                                /** Format: uuid */
                                id: string;
                                message: string;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/support/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One support request (platform staff)
         * @description API key, access token or session cookie; scope `customers:read`.
         *
         *     API key, access token or session cookie; scope `customers:read`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["SupportRequest"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Mark a support request answered, or open again (platform staff)
         * @description Session only: the access token from sign-in or the session cookie, not an API key.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        handled: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["SupportRequest"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/v1/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your customer's users (staff: all, or one customer's with customer_id)
         * @description API key, access token or session cookie; scope `customers:read`.
         *
         *     API key, access token or session cookie; scope `customers:read`.
         */
        get: {
            parameters: {
                query?: {
                    customer_id?: string;
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["User"][];
                            meta: {
                                limit: number;
                                offset: number;
                                total: number;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Add a user to your customer (owners and admins)
         * @description API key, access token or session cookie; scope `customers:write`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: email */
                        email: string;
                        full_name: string;
                        password: string;
                        /** @enum {string} */
                        role: "owner" | "admin" | "member";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["User"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One user
         * @description API key, access token or session cookie; scope `customers:read`.
         *
         *     API key, access token or session cookie; scope `customers:read`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["User"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        /**
         * Change a user: your own name, or (owners and admins) anyone’s name and role
         * @description Changing others or any role needs customers:write. The last owner keeps the owner role.
         *
         *     API key, access token or session cookie; scope `customers:read`.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        full_name?: string;
                        /** @enum {string} */
                        role?: "owner" | "admin" | "member";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["User"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        post?: never;
        /**
         * Remove a user; their sessions and API keys stop working
         * @description API key, access token or session cookie; scope `customers:write`.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                message: string;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{userId}/apikeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the active API keys of a user (never the secrets)
         * @description API key, access token or session cookie; scope `customers:read`.
         *
         *     API key, access token or session cookie; scope `customers:read`.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path: {
                    userId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["ApiKey"][];
                            meta: {
                                limit: number;
                                offset: number;
                                total: number;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create an API key; the secret is in this response only
         * @description Your own keys, or (owners and admins) keys of your customer’s users. `scopes` is a list or a JSON-encoded list. With an API key as credential this needs customers:write, and the new key cannot have scopes the calling key lacks.
         *
         *     The answer carries a secret and is sent with `Cache-Control: no-store`.
         *
         *     API key, access token or session cookie; scope `customers:read`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    userId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        expires_at?: string | null;
                        name: string;
                        /** @description Optional limits, checked on every call */
                        restrictions?: {
                            /** @description Client address ranges (IPv4/IPv6 CIDR) */
                            allowed_cidrs?: string[] | null;
                            /** @description Zone names the key may touch */
                            allowed_zones?: string[] | null;
                            max_age_seconds?: number | null;
                            max_unused_seconds?: number | null;
                            /** @description Which records the key may change; the most specific match wins, no match refuses */
                            record_policies?: {
                                allow: boolean;
                                /** @description Record name relative to the zone: @, *, *.suffix or an exact name */
                                name: string;
                                /** @description Record type or * */
                                type: string;
                                /** @description Zone name; omitted = every allowed zone */
                                zone?: string | null;
                            }[] | null;
                        };
                        scopes: string[] | string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["ApiKeyWithSecret"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{userId}/apikeys/{keyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One API key (never the secret)
         * @description API key, access token or session cookie; scope `customers:read`.
         *
         *     API key, access token or session cookie; scope `customers:read`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    keyId: string;
                    userId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["ApiKey"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Revoke an API key at once
         * @description API key, access token or session cookie; scope `customers:read`.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    keyId: string;
                    userId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["ApiKey"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{userId}/apikeys/{keyId}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue a new secret for the key; the old secret stops working at once
         * @description The answer carries a secret and is sent with `Cache-Control: no-store`.
         *
         *     API key, access token or session cookie; scope `customers:read`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    keyId: string;
                    userId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** Format: date-time */
                                created_at: string;
                                /** @description The user who created the key; null for keys from before this was recorded */
                                created_by: string | null;
                                /** Format: uuid */
                                customer_id: string;
                                expires_at: string | null;
                                /** Format: uuid */
                                id: string;
                                /** @description The secret: shown only in this response */
                                key: string;
                                last_used_at: string | null;
                                name: string;
                                /** @description The visible start of the key, to recognise it */
                                prefix: string;
                                /** Format: uuid */
                                replaces: string;
                                restrictions: {
                                    allowed_cidrs: string[] | null;
                                    allowed_zones: string[] | null;
                                    max_age_seconds: number | null;
                                    max_unused_seconds: number | null;
                                    record_policies: {
                                        allow: boolean;
                                        name: string;
                                        type: string;
                                        zone: string | null;
                                    }[] | null;
                                };
                                revoked_at: string | null;
                                scopes: string[];
                                /** Format: uuid */
                                user_id: string;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account’s webhook endpoints (never their secrets)
         * @description API key, access token or session cookie; scope `webhooks:read`.
         *
         *     API key, access token or session cookie; scope `webhooks:read`.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["WebhookEndpoint"][];
                            meta: {
                                limit: number;
                                offset: number;
                                total: number;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Register a webhook endpoint; the signing secret is in this response only
         * @description At most 20 endpoints per account. Keys restricted to zones or records cannot manage webhooks (they carry the whole account’s events).
         *
         *     The answer carries a secret and is sent with `Cache-Control: no-store`.
         *
         *     API key, access token or session cookie; scope `webhooks:write`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        description?: string;
                        enabled?: boolean;
                        /** @description Left out or null: every event type */
                        event_types?: ("zone.created" | "zone.deleted" | "zone.records_changed" | "dnssec.state_changed" | "dnssec.ds_changed" | "delegation.changed" | "secondary.transfer_failed" | "invoice.issued" | "invoice.overdue" | "quota.threshold_reached")[] | null;
                        /** @description http:// or https:// address. It must resolve to public addresses only (checked at every attempt); redirects are not followed; 5 s to answer with a 2xx. */
                        url: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** Format: date-time */
                                created_at: string;
                                description: string;
                                disabled_at: string | null;
                                /** @description Why it was turned off: by a person, or by the platform after 5 days of failures */
                                disabled_reason: string | null;
                                enabled: boolean;
                                /** @description The event types sent; null = all, including types added later */
                                event_types: ("zone.created" | "zone.deleted" | "zone.records_changed" | "dnssec.state_changed" | "dnssec.ds_changed" | "delegation.changed" | "secondary.transfer_failed" | "invoice.issued" | "invoice.overdue" | "quota.threshold_reached")[] | null;
                                /** @description The first failed attempt since the last success; null while deliveries succeed */
                                failing_since: string | null;
                                /** Format: uuid */
                                id: string;
                                /** @description The signing secret (`whsec_` and base64), as the Standard Webhooks libraries take it; shown only here */
                                secret: string;
                                /** Format: date-time */
                                updated_at: string;
                                url: string;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One webhook endpoint (never its secret)
         * @description API key, access token or session cookie; scope `webhooks:read`.
         *
         *     API key, access token or session cookie; scope `webhooks:read`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["WebhookEndpoint"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete an endpoint and its delivery log; nothing more is sent to it
         * @description API key, access token or session cookie; scope `webhooks:write`.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["WebhookEndpoint"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Change an endpoint’s address, description or event types, or disable and enable it
         * @description Fields left out keep their value. Enabling an endpoint the platform disabled starts its failure count afresh.
         *
         *     API key, access token or session cookie; scope `webhooks:write`.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        description?: string;
                        enabled?: boolean;
                        /** @description Left out or null: every event type */
                        event_types?: ("zone.created" | "zone.deleted" | "zone.records_changed" | "dnssec.state_changed" | "dnssec.ds_changed" | "delegation.changed" | "secondary.transfer_failed" | "invoice.issued" | "invoice.overdue" | "quota.threshold_reached")[] | null;
                        /** @description http:// or https:// address. It must resolve to public addresses only (checked at every attempt); redirects are not followed; 5 s to answer with a 2xx. */
                        url?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["WebhookEndpoint"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/v1/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The endpoint’s delivery log, newest first, each delivery with its attempts (kept 30 days)
         * @description API key, access token or session cookie; scope `webhooks:read`.
         *
         *     API key, access token or session cookie; scope `webhooks:read`.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                    status?: "pending" | "succeeded" | "failed";
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["WebhookDelivery"][];
                            meta: {
                                limit: number;
                                offset: number;
                                total: number;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/deliveries/{deliveryId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One delivery with its attempts
         * @description API key, access token or session cookie; scope `webhooks:read`.
         *
         *     API key, access token or session cookie; scope `webhooks:read`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    deliveryId: string;
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["WebhookDelivery"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/deliveries/{deliveryId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a delivery’s event again, with the same webhook-id, as a new delivery
         * @description Refused (409) while the endpoint is disabled.
         *
         *     API key, access token or session cookie; scope `webhooks:write`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    deliveryId: string;
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["WebhookDelivery"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the signing secret; the new one is in this response only
         * @description The old secret stops at once: attempts from now on, retries included, are signed with the new one.
         *
         *     The answer carries a secret and is sent with `Cache-Control: no-store`.
         *
         *     API key, access token or session cookie; scope `webhooks:write`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** Format: date-time */
                                created_at: string;
                                description: string;
                                disabled_at: string | null;
                                /** @description Why it was turned off: by a person, or by the platform after 5 days of failures */
                                disabled_reason: string | null;
                                enabled: boolean;
                                /** @description The event types sent; null = all, including types added later */
                                event_types: ("zone.created" | "zone.deleted" | "zone.records_changed" | "dnssec.state_changed" | "dnssec.ds_changed" | "delegation.changed" | "secondary.transfer_failed" | "invoice.issued" | "invoice.overdue" | "quota.threshold_reached")[] | null;
                                /** @description The first failed attempt since the last success; null while deliveries succeed */
                                failing_since: string | null;
                                /** Format: uuid */
                                id: string;
                                /** @description The signing secret (`whsec_` and base64), as the Standard Webhooks libraries take it; shown only here */
                                secret: string;
                                /** Format: date-time */
                                updated_at: string;
                                url: string;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a `webhook.test` event to this endpoint now
         * @description Sent whatever event types the endpoint subscribes to, and also while it is disabled; retried like any delivery.
         *
         *     API key, access token or session cookie; scope `webhooks:write`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["WebhookDelivery"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/zones": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your zones, sorted by name
         * @description API key, access token or session cookie; scope `zones:read`.
         *
         *     API key, access token or session cookie; scope `zones:read`.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description Part of the zone name */
                    name?: string;
                    offset?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Zone"][];
                            meta: {
                                limit: number;
                                offset: number;
                                total: number;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a zone with its SOA and the name servers of its region
         * @description The name must be a domain below a public suffix, not hosted yet, and not above or inside a zone of another customer (409). `region` defaults to your customer’s default region.
         *
         *     API key, access token or session cookie; scope `zones:write`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        /** @description A secondary zone's primaries, tried in order. TSIG keys are named later (PUT /zones/{id}/primaries), once the zone has them */
                        primaries?: {
                            /** @description IPv4 or IPv6 address; public unicast only */
                            address: string;
                            /** @description Default 53 */
                            port?: number;
                            /** @description A TSIG key of this zone to sign the transfers with */
                            tsig_key_id?: string | null;
                        }[];
                        /** @enum {string} */
                        region?: "EU_GLOBAL" | "EU" | "GLOBAL";
                        /** @description 60 to 604800 seconds (default 3600) */
                        ttl?: number;
                        /**
                         * @description `secondary`: transferred in from `primaries` (AXFR/IXFR, NOTIFY); records read-only
                         * @enum {string}
                         */
                        type?: "primary" | "secondary";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Zone"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/zones/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One zone
         * @description API key, access token or session cookie; scope `zones:read`.
         *
         *     API key, access token or session cookie; scope `zones:read`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Zone"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        /**
         * Change the zone’s TTL or status
         * @description A disabled zone is not served (the DNS server answers REFUSED). A new TTL also applies to the SOA and apex NS, so the serial changes.
         *
         *     API key, access token or session cookie; scope `zones:write`.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status?: "active" | "disabled";
                        ttl?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Zone"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        post?: never;
        /**
         * Delete a zone (asynchronously)
         * @description Answers 202 at once: the zone shows status `deleting` and is no longer served; a background job removes its records and keys, then the zone is gone (404).
         *
         *     API key, access token or session cookie; scope `zones:write`.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Zone"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/zones/{id}/delegation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What the parent zone says about the zone (NS and DS) against what it should say
         * @description The parent is asked on a schedule (and on demand with POST). `ns.expected` and `ds.expected` are what to set at your registrar. A `pending` zone becomes `active` at the first check that sees the parent delegate it to our name servers.
         *
         *     API key, access token or session cookie; scope `zones:read`.
         *
         *     API key, access token or session cookie; scope `zones:read`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["ZoneDelegation"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Check the delegation now
         * @description Answers 202 at once with `check_pending: true`; poll GET until it is false. A check already queued is not queued twice. At most 5 checks of a zone per 10 minutes (429 with `Retry-After` beyond). 503 when the platform does not check delegations.
         *
         *     API key, access token or session cookie; scope `zones:read`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["ZoneDelegation"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/zones/{id}/dnssec/cryptokeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The zone’s keys, oldest first: all are published in the DNSKEY set, the active ones sign
         * @description API key, access token or session cookie; scope `zones:read`.
         *
         *     API key, access token or session cookie; scope `zones:read`.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Cryptokey"][];
                            meta: {
                                limit: number;
                                offset: number;
                                total: number;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Generate a key (inactive unless `active: true`) and publish it in the DNSKEY set
         * @description For rollovers: publish a new key inactive, wait for the DNSKEY TTL, then activate it. Needs the DNSSEC state `active`.
         *
         *     API key, access token or session cookie; scope `dnssec:write`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Default false: publish first, activate later */
                        active?: boolean;
                        /** @description Default: the algorithm of the active KSK, else ECDSAP256SHA256 */
                        algorithm?: string | number;
                        /** @description ksk or zsk (KSK and ZSK too) */
                        keytype: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Cryptokey"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/zones/{id}/dnssec/cryptokeys/{keyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One key (never its private key)
         * @description API key, access token or session cookie; scope `zones:read`.
         *
         *     API key, access token or session cookie; scope `zones:read`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    keyId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Cryptokey"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        /**
         * Activate or deactivate a key
         * @description An inactive key stays published but signs nothing. Deactivating the last active KSK (or the last active key) needs `?force=true`; the answer then carries a `warning`.
         *
         *     API key, access token or session cookie; scope `dnssec:write`.
         */
        put: {
            parameters: {
                query?: {
                    /** @description Needed to take a key out of use that the DS or current signatures depend on */
                    force?: "0" | "1" | "true" | "false";
                };
                header?: never;
                path: {
                    id: string;
                    keyId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Default false: publish first, activate later */
                        active: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Cryptokey"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        post?: never;
        /**
         * Remove a key from the DNSKEY set
         * @description An active key (the DS or cached signatures may depend on it) needs `?force=true`, and the answer warns that validation may break.
         *
         *     API key, access token or session cookie; scope `dnssec:write`.
         */
        delete: {
            parameters: {
                query?: {
                    /** @description Needed to take a key out of use that the DS or current signatures depend on */
                    force?: "0" | "1" | "true" | "false";
                };
                header?: never;
                path: {
                    id: string;
                    keyId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @enum {boolean} */
                                deleted: true;
                                /** Format: uuid */
                                id: string;
                                warning?: string;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/zones/{id}/dnssec/ds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * DS records (SHA-256, SHA-384) and DNSKEY records of the active KSKs, for the registrar
         * @description Empty until the state is `active`.
         *
         *     API key, access token or session cookie; scope `zones:read`.
         *
         *     API key, access token or session cookie; scope `zones:read`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                dnskey: components["schemas"]["DnskeyRecord"][];
                                ds: components["schemas"]["DsRecord"][];
                                /** @enum {string} */
                                state: "off" | "signing" | "active" | "disabling";
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/zones/{id}/dnssec/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether the zone is signed, and whether its keys are ready for a DS at the registrar
         * @description API key, access token or session cookie; scope `zones:read`.
         *
         *     API key, access token or session cookie; scope `zones:read`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["DnssecStatus"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Turn signing on or off; choose NSEC or NSEC3
         * @description `enabled: true` answers at once with state `signing`; a KSK and a ZSK (`algorithm`, default ECDSAP256SHA256) are generated in the background and the state becomes `active`: poll until `keys_ready`. `enabled: false` needs the DS removed at the registrar first: the state becomes `disabling`, the zone stays signed and publishes delete CDS/CDNSKEY, and the keys are removed at `keys_removed_at` (state `off`). Turning signing on again before then keeps the same keys. `nsec3` switches denial of existence (RFC 9276 parameters).
         *
         *     API key, access token or session cookie; scope `dnssec:write`.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description ECDSAP256SHA256 (13, the default), ED25519 (15) or RSASHA256 (8, 2048 bits); the mnemonic or the number */
                        algorithm?: string | number;
                        enabled?: boolean;
                        nsec3?: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["DnssecStatus"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/v1/zones/{id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The zone as an RFC 1035 master file (text/dns)
         * @description API key, access token or session cookie; scope `records:read`.
         *
         *     API key, access token or session cookie; scope `records:read`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The zone file (Content-Type text/dns) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": string;
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/zones/{id}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The zone’s changes, newest first: serial, time, actor, records added and removed
         * @description Changes from the API, the dashboard, imports, restores and dynamic updates alike. The SOA’s own change is the serial and is not listed.
         *
         *     API key, access token or session cookie; scope `records:read`.
         *
         *     API key, access token or session cookie; scope `records:read`.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["ZoneChange"][];
                            meta: {
                                limit: number;
                                offset: number;
                                total: number;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/zones/{id}/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import a zone file (text/dns or text/plain, up to 10 MiB)
         * @description `mode=merge` (default) replaces the sets the file has and keeps the others; `mode=replace` also removes sets the file lacks. `dry_run=true` answers the changes without writing. `changes` lists the first 1000 set changes; `summary` and `changes_total` count them all. Nothing is written unless the whole file is valid: the first 100 bad lines are reported with their numbers, and `error_count` says how many there are. A body over 10 MiB is refused with `payload_too_large` (413); a third large request (import, export, restore) of one customer under way at once gets `rate_limited` (429), and when the server is busy with other large requests, `unavailable` (503), both with Retry-After. $INCLUDE is refused. The SOA, apex NS and DNSSEC records of the file are not imported (they are the platform’s) and are listed under `ignored`.
         *
         *     API key, access token or session cookie; scope `records:write`.
         */
        post: {
            parameters: {
                query?: {
                    dry_run?: "0" | "1" | "true" | "false";
                    mode?: "merge" | "replace";
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            /** @description The zone file */
            requestBody: {
                content: {
                    "application/json": string;
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                changes: components["schemas"]["RecordSetChange"][];
                                /** @description How many sets change; `changes` lists the first 1000 */
                                changes_total: number;
                                dry_run: boolean;
                                ignored: {
                                    count: number;
                                    name: string;
                                    reason: string;
                                    type: string;
                                }[];
                                /** @enum {string} */
                                mode: "merge" | "replace";
                                serial: number;
                                summary: {
                                    /** @description The set changes counted per record type, by type */
                                    by_type: {
                                        created: number;
                                        deleted: number;
                                        type: string;
                                        updated: number;
                                    }[];
                                    records_added: number;
                                    records_in_file: number;
                                    records_removed: number;
                                    sets_created: number;
                                    sets_deleted: number;
                                    sets_updated: number;
                                };
                                /** @description Sets the file creates or changes that are valid but very likely do something unintended (an empty CAA issue value, a null MX, SPF +all...) */
                                warnings: components["schemas"]["RecordSetWarning"][];
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/zones/{id}/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The zone’s queries over time; by query type and response code with advanced metrics
         * @description Counted by every DNS node per hour and written about once a minute, so the current hour grows as you watch. `from` (default: 24 hours before `to`) is rounded down and `to` (default: now) up to whole steps in UTC; `step` is `1h` (default), `6h` or `1d`, and a window holds at most 744 steps (422 beyond). Every plan gets the totals; plans with advanced metrics (Pro, Scale) also get each step and the window by query type and response code, and the NXDOMAIN share.
         *
         *     API key, access token or session cookie; scope `zones:read`.
         *
         *     API key, access token or session cookie; scope `zones:read`.
         */
        get: {
            parameters: {
                query?: {
                    from?: string;
                    step?: "1h" | "6h" | "1d";
                    to?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["ZoneMetrics"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/zones/{id}/primaries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Replace a secondary zone's primaries and transfer from them now
         * @description Primaries are tried in order. Addresses must be public unicast (special-purpose networks are refused). A TSIG key named here must be a key of this zone (POST /zones/{id}/tsig-keys); transfers are then signed with it. 409 for a primary zone.
         *
         *     API key, access token or session cookie; scope `zones:write`.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        primaries: {
                            /** @description IPv4 or IPv6 address; public unicast only */
                            address: string;
                            /** @description Default 53 */
                            port?: number;
                            /** @description A TSIG key of this zone to sign the transfers with */
                            tsig_key_id?: string | null;
                        }[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["SecondaryZoneState"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/zones/{id}/records": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the zone’s record sets in DNS canonical order, then by type
         * @description The filters combine: a set is listed when it matches every one given. `name_contains` and `content_contains` are case-insensitive and take `%`, `_` and `\` literally. Up to 1,000 sets a page.
         *
         *     API key, access token or session cookie; scope `records:read`.
         *
         *     API key, access token or session cookie; scope `records:read`.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Sets with a value containing this text in its presentation form (an address, a target, part of a TXT); an IPv6 address in any spelling */
                    content_contains?: string;
                    limit?: number;
                    /** @description Only this owner name (@, relative or full) */
                    name?: string;
                    /** @description Owner names containing this text, relative or full (`host12` finds host12 and host120); `@` is the apex */
                    name_contains?: string;
                    offset?: number;
                    /** @description Only this type, or these types comma-separated (`A,AAAA`); at most 20 */
                    type?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["RecordSet"][];
                            meta: {
                                limit: number;
                                offset: number;
                                total: number;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Add records to the set of their name and type (creating it); returns the whole set
         * @description Values already in the set are kept once. `ttl` sets the set’s TTL (left out: the set keeps its TTL, a new set gets the zone’s).
         *
         *     API key, access token or session cookie; scope `records:write`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description One value, or a list of values of the set */
                        content?: string | string[];
                        /** @description @ or empty for the apex, a relative name (www), or a full name with or without the trailing dot */
                        name?: string;
                        /** @description 60 to 604800 seconds; the zone TTL for a new set when left out */
                        ttl?: number;
                        /** @description A, AAAA, CNAME, MX, TXT, NS, SRV, CAA, PTR, ALIAS (or ANAME), HTTPS, SVCB, TLSA, SSHFP, DS, NAPTR */
                        type?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["RecordSet"];
                            /** @enum {string} */
                            status: "success";
                            /** @description Valid sets, saved and served, that very likely do something unintended (an empty CAA issue value, a null MX, SPF +all...): show them to the user. Empty when none. */
                            warnings: components["schemas"]["RecordSetWarning"][];
                        };
                    };
                };
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["RecordSet"];
                            /** @enum {string} */
                            status: "success";
                            /** @description Valid sets, saved and served, that very likely do something unintended (an empty CAA issue value, a null MX, SPF +all...): show them to the user. Empty when none. */
                            warnings: components["schemas"]["RecordSetWarning"][];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change many record sets at once, all or nothing
         * @description `create` adds a set that must not exist yet, `replace` sets a set’s values and TTL (creating it), `delete` removes a set. One bad change refuses the whole request; problems are reported under `changes.<index>.<field>`. Up to 1,000 changes, one new serial. With `if_serial` (the serial the changes were planned against) the request is refused with 409 `serial_mismatch`, `details` holding `if_serial` and the zone’s `serial`, when the zone has another serial: nothing written since the plan is overwritten unseen.
         *
         *     API key, access token or session cookie; scope `records:write`.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        changes: {
                            /** @enum {string} */
                            action: "create" | "replace" | "delete";
                            /** @description One value, or a list of values of the set */
                            content?: string | string[];
                            /** @description @ or empty for the apex, a relative name (www), or a full name with or without the trailing dot */
                            name?: string;
                            /** @description 60 to 604800 seconds; the zone TTL for a new set when left out */
                            ttl?: number;
                            /** @description A, AAAA, CNAME, MX, TXT, NS, SRV, CAA, PTR, ALIAS (or ANAME), HTTPS, SVCB, TLSA, SSHFP, DS, NAPTR */
                            type?: string;
                        }[];
                        /** @description Apply only if the zone’s serial is still this one (the serial the changes were planned against); otherwise 409 `serial_mismatch` */
                        if_serial?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                changes: components["schemas"]["RecordSetChange"][];
                                rrsets: components["schemas"]["RecordSet"][];
                                serial: number;
                            };
                            /** @enum {string} */
                            status: "success";
                            /** @description Valid sets, saved and served, that very likely do something unintended (an empty CAA issue value, a null MX, SPF +all...): show them to the user. Empty when none. */
                            warnings: components["schemas"]["RecordSetWarning"][];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/v1/zones/{id}/records/{recordId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One record set
         * @description API key, access token or session cookie; scope `records:read`.
         *
         *     API key, access token or session cookie; scope `records:read`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    recordId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["RecordSet"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        /**
         * Replace the values (and TTL) of a record set
         * @description API key, access token or session cookie; scope `records:write`.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    recordId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description One value, or a list of values of the set */
                        content?: string | string[];
                        /** @description 60 to 604800 seconds; the zone TTL for a new set when left out */
                        ttl?: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["RecordSet"];
                            /** @enum {string} */
                            status: "success";
                            /** @description Valid sets, saved and served, that very likely do something unintended (an empty CAA issue value, a null MX, SPF +all...): show them to the user. Empty when none. */
                            warnings: components["schemas"]["RecordSetWarning"][];
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        post?: never;
        /**
         * Delete a record set; returns it as it was
         * @description API key, access token or session cookie; scope `records:write`.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    recordId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["RecordSet"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/zones/{id}/records/by-name/{name}/{type}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete the set of a name and type, or with `content` just that value
         * @description `name` is @, relative or full. The set goes when its last value does.
         *
         *     API key, access token or session cookie; scope `records:write`.
         */
        delete: {
            parameters: {
                query?: {
                    content?: string;
                };
                header?: never;
                path: {
                    id: string;
                    name: string;
                    type: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                removed: string[];
                                /** @description The set afterwards; null when it is gone */
                                rrset: components["schemas"]["RecordSet"] | null;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/zones/{id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Bring the zone’s records back to their state at a serial, as one new change
         * @description `dry_run=true` answers the changes a restore would make without writing (`serial` stays the current one).
         *
         *     API key, access token or session cookie; scope `records:write`.
         */
        post: {
            parameters: {
                query?: {
                    dry_run?: "0" | "1" | "true" | "false";
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        serial: number;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                changes: components["schemas"]["RecordSetChange"][];
                                dry_run: boolean;
                                restored_serial: number;
                                serial: number;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/zones/{id}/secondaries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The zone’s secondaries and the serial each was last notified of
         * @description API key, access token or session cookie; scope `zones:read`.
         *
         *     API key, access token or session cookie; scope `zones:read`.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Secondary"][];
                            meta: {
                                limit: number;
                                offset: number;
                                total: number;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Allow a secondary server to transfer the zone and send it NOTIFY after each change
         * @description The TSIG key must belong to this zone and have can_transfer. At most 10 secondaries per zone.
         *
         *     API key, access token or session cookie; scope `zones:write`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        address: string;
                        /** @description Where NOTIFY is sent (default 53) */
                        port?: number;
                        /** Format: uuid */
                        tsig_key_id: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Secondary"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/zones/{id}/secondaries/{secondaryId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One secondary
         * @description API key, access token or session cookie; scope `zones:read`.
         *
         *     API key, access token or session cookie; scope `zones:read`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    secondaryId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Secondary"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Stop transfers to and NOTIFY of a secondary
         * @description API key, access token or session cookie; scope `zones:write`.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    secondaryId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Secondary"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/zones/{id}/transfer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check the primaries of a secondary zone now, and transfer what changed
         * @description Answers at once with the transfer state; the check runs in the background (as after a NOTIFY). 409 for a primary zone.
         *
         *     API key, access token or session cookie; scope `zones:write`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["SecondaryZoneState"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/zones/{id}/tsig-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The zone’s TSIG keys, by name (never the secrets)
         * @description API key, access token or session cookie; scope `zones:read`.
         *
         *     API key, access token or session cookie; scope `zones:read`.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["TsigKey"][];
                            meta: {
                                limit: number;
                                offset: number;
                                total: number;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a TSIG key for the zone; the secret is in this response only
         * @description The secret is 32 random octets in base64 (hmac-sha256 by default). `name` must be unique in the zone (other zones and customers may use the same name); left out, it is a random label below the zone. At most 20 keys per zone.
         *
         *     The answer carries a secret and is sent with `Cache-Control: no-store`.
         *
         *     API key, access token or session cookie; scope `zones:write`.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        algorithm?: "hmac-sha256" | "hmac-sha384" | "hmac-sha512";
                        can_transfer?: boolean;
                        can_update?: boolean;
                        name?: string;
                        /** @description The most specific match wins, no match refuses; null = all records */
                        record_policies?: {
                            allow: boolean;
                            /** @description Record name relative to the zone: @, *, *.suffix or an exact name */
                            name: string;
                            /** @description Record type or * */
                            type: string;
                        }[] | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @enum {string} */
                                algorithm: "hmac-sha256" | "hmac-sha384" | "hmac-sha512";
                                /** @description May sign zone transfers (AXFR/IXFR) by a secondary */
                                can_transfer: boolean;
                                /** @description May sign dynamic updates (RFC 2136), within record_policies */
                                can_update: boolean;
                                /** Format: date-time */
                                created_at: string;
                                /** Format: uuid */
                                id: string;
                                last_used_at: string | null;
                                /** @description The key name in TSIG records, without the trailing dot */
                                name: string;
                                /** @description Which records updates may change; null = all */
                                record_policies: {
                                    allow: boolean;
                                    /** @description Record name relative to the zone: @, *, *.suffix or an exact name */
                                    name: string;
                                    /** @description Record type or * */
                                    type: string;
                                }[] | null;
                                /** @description Base64; shown only here */
                                secret: string;
                                /** Format: uuid */
                                zone_id: string;
                            };
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/zones/{id}/tsig-keys/{keyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One TSIG key (never the secret)
         * @description API key, access token or session cookie; scope `zones:read`.
         *
         *     API key, access token or session cookie; scope `zones:read`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    keyId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["TsigKey"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        /**
         * Change a TSIG key’s name, algorithm, permissions or record policies (the secret stays)
         * @description Fields left out keep their value. Taking can_transfer away from a key a secondary uses is refused (409).
         *
         *     API key, access token or session cookie; scope `zones:write`.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    keyId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        algorithm?: "hmac-sha256" | "hmac-sha384" | "hmac-sha512";
                        can_transfer?: boolean;
                        can_update?: boolean;
                        name?: string;
                        /** @description The most specific match wins, no match refuses; null = all records */
                        record_policies?: {
                            allow: boolean;
                            /** @description Record name relative to the zone: @, *, *.suffix or an exact name */
                            name: string;
                            /** @description Record type or * */
                            type: string;
                        }[] | null;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["TsigKey"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        post?: never;
        /**
         * Delete a TSIG key; it stops working at once
         * @description Refused (409) while a secondary transfers with it: remove the secondary first.
         *
         *     API key, access token or session cookie; scope `zones:write`.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    keyId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["TsigKey"];
                            /** @enum {string} */
                            status: "success";
                        };
                    };
                };
                /** @description Default Response */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Default Response */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        ApiKey: {
            /** Format: date-time */
            created_at: string;
            /** @description The user who created the key; null for keys from before this was recorded */
            created_by: string | null;
            /** Format: uuid */
            customer_id: string;
            expires_at: string | null;
            /** Format: uuid */
            id: string;
            last_used_at: string | null;
            name: string;
            /** @description The visible start of the key, to recognise it */
            prefix: string;
            restrictions: {
                allowed_cidrs: string[] | null;
                allowed_zones: string[] | null;
                max_age_seconds: number | null;
                max_unused_seconds: number | null;
                record_policies: {
                    allow: boolean;
                    name: string;
                    type: string;
                    zone: string | null;
                }[] | null;
            };
            revoked_at: string | null;
            scopes: string[];
            /** Format: uuid */
            user_id: string;
        };
        ApiKeyInput: {
            /** Format: date-time */
            created_at: string;
            /** @description The user who created the key; null for keys from before this was recorded */
            created_by: string | null;
            /** Format: uuid */
            customer_id: string;
            expires_at: string | null;
            /** Format: uuid */
            id: string;
            last_used_at: string | null;
            name: string;
            /** @description The visible start of the key, to recognise it */
            prefix: string;
            restrictions: {
                allowed_cidrs: string[] | null;
                allowed_zones: string[] | null;
                max_age_seconds: number | null;
                max_unused_seconds: number | null;
                record_policies: {
                    allow: boolean;
                    name: string;
                    type: string;
                    zone: string | null;
                }[] | null;
            };
            revoked_at: string | null;
            scopes: string[];
            /** Format: uuid */
            user_id: string;
        };
        ApiKeyWithSecret: {
            /** Format: date-time */
            created_at: string;
            /** @description The user who created the key; null for keys from before this was recorded */
            created_by: string | null;
            /** Format: uuid */
            customer_id: string;
            expires_at: string | null;
            /** Format: uuid */
            id: string;
            /** @description The secret: shown only in this response */
            key: string;
            last_used_at: string | null;
            name: string;
            /** @description The visible start of the key, to recognise it */
            prefix: string;
            restrictions: {
                allowed_cidrs: string[] | null;
                allowed_zones: string[] | null;
                max_age_seconds: number | null;
                max_unused_seconds: number | null;
                record_policies: {
                    allow: boolean;
                    name: string;
                    type: string;
                    zone: string | null;
                }[] | null;
            };
            revoked_at: string | null;
            scopes: string[];
            /** Format: uuid */
            user_id: string;
        };
        ApiKeyWithSecretInput: {
            /** Format: date-time */
            created_at: string;
            /** @description The user who created the key; null for keys from before this was recorded */
            created_by: string | null;
            /** Format: uuid */
            customer_id: string;
            expires_at: string | null;
            /** Format: uuid */
            id: string;
            /** @description The secret: shown only in this response */
            key: string;
            last_used_at: string | null;
            name: string;
            /** @description The visible start of the key, to recognise it */
            prefix: string;
            restrictions: {
                allowed_cidrs: string[] | null;
                allowed_zones: string[] | null;
                max_age_seconds: number | null;
                max_unused_seconds: number | null;
                record_policies: {
                    allow: boolean;
                    name: string;
                    type: string;
                    zone: string | null;
                }[] | null;
            };
            revoked_at: string | null;
            scopes: string[];
            /** Format: uuid */
            user_id: string;
        };
        AuditEvent: {
            /** @description e.g. user.signed_in, api_key.created, zone.deleted */
            action: string;
            /** @description A tsig_key actor (a dynamic update) is named in the summary: tsig_key_id, tsig_key */
            actor: {
                /** @description For an API key: the user who created that key */
                api_key_created_by: string | null;
                api_key_id: string | null;
                /** @description The name of the API key used; null without a key, or when the key is gone */
                api_key_name: string | null;
                /** @description The person acting (for an API key: the person it belongs to); null for the platform and TSIG keys */
                person: {
                    /** @description For members only */
                    email: string | null;
                    /** @description For members, and for former members as they were when they left */
                    full_name: string | null;
                    /**
                     * @description member: in the team now; former_member: removed or gone to another customer; staff: Kaja DNS staff; outside: anyone else
                     * @enum {string}
                     */
                    relation: "member" | "former_member" | "staff" | "outside";
                } | null;
                /** @enum {string} */
                type: "user" | "api_key" | "tsig_key" | "system";
                /** @description The user acting; for an API key, the user the key belongs to */
                user_id: string | null;
            };
            /** Format: date-time */
            created_at: string;
            customer_id: string | null;
            id: number;
            ip: string | null;
            summary: {
                [key: string]: unknown;
            };
            target: {
                id: string | null;
                type: string;
            };
        };
        AuditEventInput: {
            /** @description e.g. user.signed_in, api_key.created, zone.deleted */
            action: string;
            /** @description A tsig_key actor (a dynamic update) is named in the summary: tsig_key_id, tsig_key */
            actor: {
                /** @description For an API key: the user who created that key */
                api_key_created_by: string | null;
                api_key_id: string | null;
                /** @description The name of the API key used; null without a key, or when the key is gone */
                api_key_name: string | null;
                /** @description The person acting (for an API key: the person it belongs to); null for the platform and TSIG keys */
                person: {
                    /** @description For members only */
                    email: string | null;
                    /** @description For members, and for former members as they were when they left */
                    full_name: string | null;
                    /**
                     * @description member: in the team now; former_member: removed or gone to another customer; staff: Kaja DNS staff; outside: anyone else
                     * @enum {string}
                     */
                    relation: "member" | "former_member" | "staff" | "outside";
                } | null;
                /** @enum {string} */
                type: "user" | "api_key" | "tsig_key" | "system";
                /** @description The user acting; for an API key, the user the key belongs to */
                user_id: string | null;
            };
            /** Format: date-time */
            created_at: string;
            customer_id: string | null;
            id: number;
            ip: string | null;
            summary: {
                [key: string]: unknown;
            };
            target: {
                id: string | null;
                type: string;
            };
        };
        BillingAddress: {
            city: string;
            /** @description ISO 3166-1 alpha-2, e.g. EE */
            country: string;
            line1: string;
            /** @default null */
            line2: string | null;
            postal_code: string;
        };
        BillingAddressInput: {
            city: string;
            /** @description ISO 3166-1 alpha-2, e.g. EE */
            country: string;
            line1: string;
            /** @default null */
            line2: string | null;
            postal_code: string;
        };
        CatalogZone: {
            /** Format: date-time */
            created_at: string;
            /** @description Your active zones, primary and secondary; disabled zones and zones being deleted are not listed */
            members: {
                /**
                 * @description The group property: the network of the zone, for a consumer template per network
                 * @enum {string}
                 */
                group: "eu" | "global" | "eu-global";
                /** @description The unique label of the member in <member_id>.zones.<name> PTR <zone>: the zone id in hex, new for a zone made again */
                member_id: string;
                zone: string;
                /** Format: uuid */
                zone_id: string;
            }[];
            /** @description The catalog zone’s name, as your secondaries configure it */
            name: string;
            /** @description Where secondaries transfer the catalog and its zones from */
            name_servers: string[];
            /**
             * @description The network whose name servers serve the catalog
             * @enum {string}
             */
            region: "EU_GLOBAL" | "EU" | "GLOBAL";
            /** @description SOA serial, new with every zone added or removed */
            serial: number;
            /** @enum {string} */
            status: "active" | "disabled" | "deleting";
            /** Format: date-time */
            updated_at: string;
            /**
             * @description The catalog zone schema version (RFC 9432), in the TXT record at version.<name>
             * @constant
             */
            version: "2";
            /**
             * Format: uuid
             * @description The catalog as a zone: its TSIG keys and secondaries are at /zones/{zone_id}/tsig-keys and /zones/{zone_id}/secondaries
             */
            zone_id: string;
        };
        CatalogZoneInput: {
            /** Format: date-time */
            created_at: string;
            /** @description Your active zones, primary and secondary; disabled zones and zones being deleted are not listed */
            members: {
                /**
                 * @description The group property: the network of the zone, for a consumer template per network
                 * @enum {string}
                 */
                group: "eu" | "global" | "eu-global";
                /** @description The unique label of the member in <member_id>.zones.<name> PTR <zone>: the zone id in hex, new for a zone made again */
                member_id: string;
                zone: string;
                /** Format: uuid */
                zone_id: string;
            }[];
            /** @description The catalog zone’s name, as your secondaries configure it */
            name: string;
            /** @description Where secondaries transfer the catalog and its zones from */
            name_servers: string[];
            /**
             * @description The network whose name servers serve the catalog
             * @enum {string}
             */
            region: "EU_GLOBAL" | "EU" | "GLOBAL";
            /** @description SOA serial, new with every zone added or removed */
            serial: number;
            /** @enum {string} */
            status: "active" | "disabled" | "deleting";
            /** Format: date-time */
            updated_at: string;
            /**
             * @description The catalog zone schema version (RFC 9432), in the TXT record at version.<name>
             * @constant
             */
            version: "2";
            /**
             * Format: uuid
             * @description The catalog as a zone: its TSIG keys and secondaries are at /zones/{zone_id}/tsig-keys and /zones/{zone_id}/secondaries
             */
            zone_id: string;
        };
        Cryptokey: {
            /** @description An active key signs; an inactive one is published in the DNSKEY set only */
            active: boolean;
            /** @enum {string} */
            algorithm: "ECDSAP256SHA256" | "ED25519" | "RSASHA256";
            /** Format: date-time */
            created_at: string;
            /** @description The DNSKEY record in presentation form */
            dnskey: string;
            /** @description For a KSK: its DS records (SHA-256 and SHA-384); empty for a ZSK */
            ds: components["schemas"]["DsRecord"][];
            flags: number;
            /** Format: uuid */
            id: string;
            key_tag: number;
            /** @enum {string} */
            keytype: "ksk" | "zsk";
            /** Format: date-time */
            updated_at: string;
            /** @description Set when a forced change may break validation */
            warning?: string;
        };
        CryptokeyInput: {
            /** @description An active key signs; an inactive one is published in the DNSKEY set only */
            active: boolean;
            /** @enum {string} */
            algorithm: "ECDSAP256SHA256" | "ED25519" | "RSASHA256";
            /** Format: date-time */
            created_at: string;
            /** @description The DNSKEY record in presentation form */
            dnskey: string;
            /** @description For a KSK: its DS records (SHA-256 and SHA-384); empty for a ZSK */
            ds: components["schemas"]["DsRecordInput"][];
            flags: number;
            /** Format: uuid */
            id: string;
            key_tag: number;
            /** @enum {string} */
            keytype: "ksk" | "zsk";
            /** Format: date-time */
            updated_at: string;
            /** @description Set when a forced change may break validation */
            warning?: string;
        };
        Customer: {
            billing_address: components["schemas"]["BillingAddress"] | null;
            /** Format: date-time */
            created_at: string;
            /** @enum {string} */
            default_region: "EU_GLOBAL" | "EU" | "GLOBAL";
            /** Format: uuid */
            id: string;
            name: string;
            plan_id: string | null;
            /** @description Every member signs in with a second factor (set by an owner) */
            require_two_factor: boolean;
            subscription: components["schemas"]["Subscription"] | null;
            /** Format: date-time */
            updated_at: string;
            vat_id: string | null;
        };
        CustomerInput: {
            billing_address: components["schemas"]["BillingAddressInput"] | null;
            /** Format: date-time */
            created_at: string;
            /** @enum {string} */
            default_region: "EU_GLOBAL" | "EU" | "GLOBAL";
            /** Format: uuid */
            id: string;
            name: string;
            plan_id: string | null;
            /** @description Every member signs in with a second factor (set by an owner) */
            require_two_factor: boolean;
            subscription: components["schemas"]["SubscriptionInput"] | null;
            /** Format: date-time */
            updated_at: string;
            vat_id: string | null;
        };
        CustomerOverview: {
            customer: components["schemas"]["Customer"];
            invoice_count: number;
            /** @description The latest 24 */
            invoices: components["schemas"]["Invoice"][];
            members: components["schemas"]["User"][];
            usage: {
                queries_this_month: {
                    limit: number | null;
                    used: number;
                };
                records: {
                    limit: number | null;
                    used: number;
                };
                zones: {
                    limit: number | null;
                    used: number;
                };
            };
            zone_count: number;
            /** @description The first 200 by name */
            zones: {
                /** Format: date-time */
                created_at: string;
                /** @enum {string} */
                dnssec_state: "off" | "signing" | "active" | "disabling";
                /** Format: uuid */
                id: string;
                name: string;
                record_count: number;
                /** @enum {string} */
                status: "active" | "disabled" | "deleting";
                /** @enum {string} */
                type: "primary" | "secondary" | "catalog";
            }[];
        };
        CustomerOverviewInput: {
            customer: components["schemas"]["CustomerInput"];
            invoice_count: number;
            /** @description The latest 24 */
            invoices: components["schemas"]["InvoiceInput"][];
            members: components["schemas"]["UserInput"][];
            usage: {
                queries_this_month: {
                    limit: number | null;
                    used: number;
                };
                records: {
                    limit: number | null;
                    used: number;
                };
                zones: {
                    limit: number | null;
                    used: number;
                };
            };
            zone_count: number;
            /** @description The first 200 by name */
            zones: {
                /** Format: date-time */
                created_at: string;
                /** @enum {string} */
                dnssec_state: "off" | "signing" | "active" | "disabling";
                /** Format: uuid */
                id: string;
                name: string;
                record_count: number;
                /** @enum {string} */
                status: "active" | "disabled" | "deleting";
                /** @enum {string} */
                type: "primary" | "secondary" | "catalog";
            }[];
        };
        CustomerWithUsage: {
            billing_address: components["schemas"]["BillingAddress"] | null;
            /** Format: date-time */
            created_at: string;
            /** @enum {string} */
            default_region: "EU_GLOBAL" | "EU" | "GLOBAL";
            /** Format: uuid */
            id: string;
            name: string;
            plan_id: string | null;
            /** @description Every member signs in with a second factor (set by an owner) */
            require_two_factor: boolean;
            subscription: components["schemas"]["Subscription"] | null;
            /** Format: date-time */
            updated_at: string;
            usage: {
                queries_this_month: {
                    limit: number | null;
                    used: number;
                };
                records: {
                    limit: number | null;
                    used: number;
                };
                zones: {
                    limit: number | null;
                    used: number;
                };
            };
            vat_id: string | null;
        };
        CustomerWithUsageInput: {
            billing_address: components["schemas"]["BillingAddressInput"] | null;
            /** Format: date-time */
            created_at: string;
            /** @enum {string} */
            default_region: "EU_GLOBAL" | "EU" | "GLOBAL";
            /** Format: uuid */
            id: string;
            name: string;
            plan_id: string | null;
            /** @description Every member signs in with a second factor (set by an owner) */
            require_two_factor: boolean;
            subscription: components["schemas"]["SubscriptionInput"] | null;
            /** Format: date-time */
            updated_at: string;
            usage: {
                queries_this_month: {
                    limit: number | null;
                    used: number;
                };
                records: {
                    limit: number | null;
                    used: number;
                };
                zones: {
                    limit: number | null;
                    used: number;
                };
            };
            vat_id: string | null;
        };
        DnskeyRecord: {
            algorithm: number;
            content: string;
            /** @description 257 for a KSK, 256 for a ZSK */
            flags: number;
            key_tag: number;
            /** @description <zone>. IN DNSKEY <flags> 3 <alg> <public key> */
            presentation: string;
            protocol: number;
            /** @description Base64 */
            public_key: string;
        };
        DnskeyRecordInput: {
            algorithm: number;
            content: string;
            /** @description 257 for a KSK, 256 for a ZSK */
            flags: number;
            key_tag: number;
            /** @description <zone>. IN DNSKEY <flags> 3 <alg> <public key> */
            presentation: string;
            protocol: number;
            /** @description Base64 */
            public_key: string;
        };
        DnsNode: {
            /** @description DNS_NODE_ID, or the id the node generated and keeps in its data directory */
            id: string;
            /** @description How long the oldest change after that position had waited at the last heartbeat (0: none) */
            journal_lag_seconds: number;
            /** @description Every zone change up to this journal id was served at the node’s last complete sync */
            journal_position: number;
            /** Format: date-time */
            last_heartbeat_at: string;
            /** @description Its host name (NSID) */
            name: string;
            /** @enum {string} */
            network: "EU" | "GLOBAL";
            /** @description Holds the unexpired NOTIFY lease: the node that sends NOTIFY to customers’ secondaries */
            notify_lease: boolean;
            /** @description Heartbeated within REGION_OFFLINE_AFTER */
            online: boolean;
            /** @description The region named by DNS_REGION; null when unset or not a region */
            region: {
                /** Format: uuid */
                id: string;
                name: string;
            } | null;
            /** Format: date-time */
            started_at: string;
            version: string;
            zones_loaded: number;
        };
        DnsNodeInput: {
            /** @description DNS_NODE_ID, or the id the node generated and keeps in its data directory */
            id: string;
            /** @description How long the oldest change after that position had waited at the last heartbeat (0: none) */
            journal_lag_seconds: number;
            /** @description Every zone change up to this journal id was served at the node’s last complete sync */
            journal_position: number;
            /** Format: date-time */
            last_heartbeat_at: string;
            /** @description Its host name (NSID) */
            name: string;
            /** @enum {string} */
            network: "EU" | "GLOBAL";
            /** @description Holds the unexpired NOTIFY lease: the node that sends NOTIFY to customers’ secondaries */
            notify_lease: boolean;
            /** @description Heartbeated within REGION_OFFLINE_AFTER */
            online: boolean;
            /** @description The region named by DNS_REGION; null when unset or not a region */
            region: {
                /** Format: uuid */
                id: string;
                name: string;
            } | null;
            /** Format: date-time */
            started_at: string;
            version: string;
            zones_loaded: number;
        };
        DnsQueryTotals: {
            days: number;
            networks: {
                /** @description Per UTC day, oldest first, today so far last */
                days: {
                    /** Format: date */
                    day: string;
                    queries: number;
                }[];
                /** @description Queries in the last complete UTC hour */
                last_hour: number;
                /** @enum {string} */
                network: "EU" | "GLOBAL";
                /** @description Queries in the UTC hour under way, as far as the nodes have written them (about once a minute) */
                this_hour: number;
                /** @description Queries over the days asked */
                total: number;
            }[];
        };
        DnsQueryTotalsInput: {
            days: number;
            networks: {
                /** @description Per UTC day, oldest first, today so far last */
                days: {
                    /** Format: date */
                    day: string;
                    queries: number;
                }[];
                /** @description Queries in the last complete UTC hour */
                last_hour: number;
                /** @enum {string} */
                network: "EU" | "GLOBAL";
                /** @description Queries in the UTC hour under way, as far as the nodes have written them (about once a minute) */
                this_hour: number;
                /** @description Queries over the days asked */
                total: number;
            }[];
        };
        DnssecStatus: {
            /** @description Algorithm of the active KSK */
            algorithm: string | null;
            /** @description Signing switched on (state signing or active) */
            enabled: boolean;
            key_count: number;
            /** @description The keys exist and the DS records are final: publish a DS at the registrar only now */
            keys_ready: boolean;
            /** @description While disabling: when the keys are removed and the zone is served unsigned */
            keys_removed_at: string | null;
            /** @description What the state means for your registrar */
            message: string;
            /** @description NSEC3 with RFC 9276 parameters (0 extra iterations, empty salt, no opt-out) instead of NSEC */
            nsec3: boolean;
            /**
             * @description off, signing (keys being generated), active (signed, DS final), disabling (keys kept until keys_removed_at)
             * @enum {string}
             */
            state: "off" | "signing" | "active" | "disabling";
        };
        DnssecStatusInput: {
            /** @description Algorithm of the active KSK */
            algorithm: string | null;
            /** @description Signing switched on (state signing or active) */
            enabled: boolean;
            key_count: number;
            /** @description The keys exist and the DS records are final: publish a DS at the registrar only now */
            keys_ready: boolean;
            /** @description While disabling: when the keys are removed and the zone is served unsigned */
            keys_removed_at: string | null;
            /** @description What the state means for your registrar */
            message: string;
            /** @description NSEC3 with RFC 9276 parameters (0 extra iterations, empty salt, no opt-out) instead of NSEC */
            nsec3: boolean;
            /**
             * @description off, signing (keys being generated), active (signed, DS final), disabling (keys kept until keys_removed_at)
             * @enum {string}
             */
            state: "off" | "signing" | "active" | "disabling";
        };
        DsRecord: {
            algorithm: number;
            /** @description <tag> <alg> <type> <digest> */
            content: string;
            /** @description Lowercase hex */
            digest: string;
            /** @description 2 (SHA-256) or 4 (SHA-384) */
            digest_type: number;
            key_tag: number;
            /** @description <zone>. IN DS <tag> <alg> <type> <digest> */
            presentation: string;
            /** @description The rdata in hex */
            wire: string;
        };
        DsRecordInput: {
            algorithm: number;
            /** @description <tag> <alg> <type> <digest> */
            content: string;
            /** @description Lowercase hex */
            digest: string;
            /** @description 2 (SHA-256) or 4 (SHA-384) */
            digest_type: number;
            key_tag: number;
            /** @description <zone>. IN DS <tag> <alg> <type> <digest> */
            presentation: string;
            /** @description The rdata in hex */
            wire: string;
        };
        Error: {
            error: {
                /** @enum {string} */
                code: "bad_request" | "unauthorized" | "forbidden" | "quota_exceeded" | "account_read_only" | "not_found" | "conflict" | "zone_is_secondary" | "serial_mismatch" | "payload_too_large" | "validation_failed" | "rate_limited" | "internal_error" | "unavailable";
                details: {
                    [key: string]: unknown;
                };
                message: string;
            };
            /** @constant */
            status: "error";
        };
        ErrorInput: {
            error: {
                /** @enum {string} */
                code: "bad_request" | "unauthorized" | "forbidden" | "quota_exceeded" | "account_read_only" | "not_found" | "conflict" | "zone_is_secondary" | "serial_mismatch" | "payload_too_large" | "validation_failed" | "rate_limited" | "internal_error" | "unavailable";
                details: {
                    [key: string]: unknown;
                };
                message: string;
            };
            /** @constant */
            status: "error";
        };
        ErrorIssue: {
            /** @description `file:line` of the top frame outside dependencies */
            culprit: string | null;
            /** @description Every event since the first, also those past the retention period */
            event_count: number;
            first_release: string;
            /** Format: date-time */
            first_seen_at: string;
            /** Format: uuid */
            id: string;
            last_release: string;
            /** Format: date-time */
            last_seen_at: string;
            /** @description Of the latest event, with e-mail addresses, credentials and query strings removed */
            message: string;
            /**
             * @description site or dashboard (visitors’ browsers), api, job or dns (the platform itself)
             * @enum {string}
             */
            source: "site" | "dashboard" | "api" | "job" | "dns";
            /**
             * @description open; resolved (the next event opens it again); muted (hidden from the list unless asked for, still counted)
             * @enum {string}
             */
            state: "open" | "resolved" | "muted";
            /** @description When staff or a recurrence last changed the state; null while never changed */
            state_changed_at: string | null;
            type: string;
        };
        ErrorIssueInput: {
            /** @description `file:line` of the top frame outside dependencies */
            culprit: string | null;
            /** @description Every event since the first, also those past the retention period */
            event_count: number;
            first_release: string;
            /** Format: date-time */
            first_seen_at: string;
            /** Format: uuid */
            id: string;
            last_release: string;
            /** Format: date-time */
            last_seen_at: string;
            /** @description Of the latest event, with e-mail addresses, credentials and query strings removed */
            message: string;
            /**
             * @description site or dashboard (visitors’ browsers), api, job or dns (the platform itself)
             * @enum {string}
             */
            source: "site" | "dashboard" | "api" | "job" | "dns";
            /**
             * @description open; resolved (the next event opens it again); muted (hidden from the list unless asked for, still counted)
             * @enum {string}
             */
            state: "open" | "resolved" | "muted";
            /** @description When staff or a recurrence last changed the state; null while never changed */
            state_changed_at: string | null;
            type: string;
        };
        Funnel: {
            /** @description The customers who signed up in these periods: how many reached each step since */
            cohort: {
                /** @description Of the cohort at the step before, the share who reached this one */
                conversion: number | null;
                customers: number;
                /** @enum {string} */
                step: "signed_up" | "email_verified" | "first_zone" | "delegated" | "first_paid_invoice";
            }[];
            /** @enum {string} */
            period: "day" | "week";
            /** @description Customers who reached each step in each period, oldest first */
            periods: {
                delegated: number;
                email_verified: number;
                first_paid_invoice: number;
                first_zone: number;
                signed_up: number;
                /**
                 * Format: date
                 * @description The period’s first day (weeks begin on Monday)
                 */
                start: string;
            }[];
            steps: ("signed_up" | "email_verified" | "first_zone" | "delegated" | "first_paid_invoice")[];
        };
        FunnelInput: {
            /** @description The customers who signed up in these periods: how many reached each step since */
            cohort: {
                /** @description Of the cohort at the step before, the share who reached this one */
                conversion: number | null;
                customers: number;
                /** @enum {string} */
                step: "signed_up" | "email_verified" | "first_zone" | "delegated" | "first_paid_invoice";
            }[];
            /** @enum {string} */
            period: "day" | "week";
            /** @description Customers who reached each step in each period, oldest first */
            periods: {
                delegated: number;
                email_verified: number;
                first_paid_invoice: number;
                first_zone: number;
                signed_up: number;
                /**
                 * Format: date
                 * @description The period’s first day (weeks begin on Monday)
                 */
                start: string;
            }[];
            steps: ("signed_up" | "email_verified" | "first_zone" | "delegated" | "first_paid_invoice")[];
        };
        Incident: {
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            id: string;
            /**
             * @description none, minor (degraded), major (partial outage) or critical (full outage)
             * @enum {string}
             */
            impact: "none" | "minor" | "major" | "critical";
            /** @description The regions affected */
            regions: {
                /** Format: uuid */
                id: string;
                name: string;
            }[];
            resolved_at: string | null;
            /**
             * @description The status of the latest update
             * @enum {string}
             */
            status: "investigating" | "identified" | "monitoring" | "resolved";
            title: string;
            /** Format: date-time */
            updated_at: string;
            /** @description Newest first */
            updates: {
                /** Format: date-time */
                created_at: string;
                /** Format: uuid */
                id: string;
                message: string;
                /** @enum {string} */
                status: "investigating" | "identified" | "monitoring" | "resolved";
            }[];
        };
        IncidentInput: {
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            id: string;
            /**
             * @description none, minor (degraded), major (partial outage) or critical (full outage)
             * @enum {string}
             */
            impact: "none" | "minor" | "major" | "critical";
            /** @description The regions affected */
            regions: {
                /** Format: uuid */
                id: string;
                name: string;
            }[];
            resolved_at: string | null;
            /**
             * @description The status of the latest update
             * @enum {string}
             */
            status: "investigating" | "identified" | "monitoring" | "resolved";
            title: string;
            /** Format: date-time */
            updated_at: string;
            /** @description Newest first */
            updates: {
                /** Format: date-time */
                created_at: string;
                /** Format: uuid */
                id: string;
                message: string;
                /** @enum {string} */
                status: "investigating" | "identified" | "monitoring" | "resolved";
            }[];
        };
        Invitation: {
            accepted_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            customer_id: string;
            email: string;
            /** Format: date-time */
            expires_at: string;
            /** Format: uuid */
            id: string;
            invited_by: string | null;
            /** @enum {string} */
            role: "owner" | "admin" | "member";
            /** @enum {string} */
            status: "pending" | "accepted" | "revoked" | "expired";
        };
        InvitationInput: {
            accepted_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            customer_id: string;
            email: string;
            /** Format: date-time */
            expires_at: string;
            /** Format: uuid */
            id: string;
            invited_by: string | null;
            /** @enum {string} */
            role: "owner" | "admin" | "member";
            /** @enum {string} */
            status: "pending" | "accepted" | "revoked" | "expired";
        };
        Invoice: {
            buyer: {
                address: components["schemas"]["BillingAddress"];
                email?: string;
                name: string;
                registry_code?: string;
                vat_id: string | null;
            };
            /** @constant */
            currency: "EUR";
            customer_id: string | null;
            /** Format: date-time */
            due_at: string;
            gross_cents: number;
            /** Format: uuid */
            id: string;
            /** Format: date-time */
            issued_at: string;
            lines: {
                description: string;
                net_cents: number;
                quantity: number;
                unit_net_cents: number;
            }[];
            net_cents: number;
            /** @description Printed number, e.g. KD-000042 */
            number: string;
            paid_at: string | null;
            payment_reference: string | null;
            period: {
                /** Format: date-time */
                end: string;
                /** Format: date-time */
                start: string;
            };
            seller: {
                address: components["schemas"]["BillingAddress"];
                email?: string;
                name: string;
                registry_code?: string;
                vat_id: string | null;
            };
            /** @description Position in the one unbroken sequence of invoice numbers */
            sequence: number;
            /** @enum {string} */
            status: "open" | "paid" | "void";
            subscription_id: string | null;
            vat_cents: number;
            vat_note: string | null;
            /** @description Percent, e.g. 24; 0 under reverse charge */
            vat_rate: number;
        };
        InvoiceInput: {
            buyer: {
                address: components["schemas"]["BillingAddressInput"];
                email?: string;
                name: string;
                registry_code?: string;
                vat_id: string | null;
            };
            /** @constant */
            currency: "EUR";
            customer_id: string | null;
            /** Format: date-time */
            due_at: string;
            gross_cents: number;
            /** Format: uuid */
            id: string;
            /** Format: date-time */
            issued_at: string;
            lines: {
                description: string;
                net_cents: number;
                quantity: number;
                unit_net_cents: number;
            }[];
            net_cents: number;
            /** @description Printed number, e.g. KD-000042 */
            number: string;
            paid_at: string | null;
            payment_reference: string | null;
            period: {
                /** Format: date-time */
                end: string;
                /** Format: date-time */
                start: string;
            };
            seller: {
                address: components["schemas"]["BillingAddressInput"];
                email?: string;
                name: string;
                registry_code?: string;
                vat_id: string | null;
            };
            /** @description Position in the one unbroken sequence of invoice numbers */
            sequence: number;
            /** @enum {string} */
            status: "open" | "paid" | "void";
            subscription_id: string | null;
            vat_cents: number;
            vat_note: string | null;
            /** @description Percent, e.g. 24; 0 under reverse charge */
            vat_rate: number;
        };
        Passkey: {
            /** @description Synced to a cloud account by its provider */
            backed_up: boolean;
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            id: string;
            last_used_at: string | null;
            name: string;
        };
        PasskeyAuthenticationResponse: {
            /** @enum {string} */
            authenticatorAttachment?: "platform" | "cross-platform";
            /** @description clientExtensionResults as the browser gives them */
            clientExtensionResults: {
                credProps?: {
                    rk?: boolean;
                };
            };
            id: string;
            rawId: string;
            response: {
                authenticatorData: string;
                clientDataJSON: string;
                signature: string;
                userHandle?: string;
            };
            /** @constant */
            type: "public-key";
        };
        PasskeyAuthenticationResponseInput: {
            /** @enum {string} */
            authenticatorAttachment?: "platform" | "cross-platform";
            /** @description clientExtensionResults as the browser gives them */
            clientExtensionResults: {
                credProps?: {
                    rk?: boolean;
                };
            };
            id: string;
            rawId: string;
            response: {
                authenticatorData: string;
                clientDataJSON: string;
                signature: string;
                userHandle?: string;
            };
            /** @constant */
            type: "public-key";
        };
        PasskeyInput: {
            /** @description Synced to a cloud account by its provider */
            backed_up: boolean;
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            id: string;
            last_used_at: string | null;
            name: string;
        };
        PasskeyRegistrationResponse: {
            /** @enum {string} */
            authenticatorAttachment?: "platform" | "cross-platform";
            /** @description clientExtensionResults as the browser gives them */
            clientExtensionResults: {
                credProps?: {
                    rk?: boolean;
                };
            };
            id: string;
            rawId: string;
            response: {
                attestationObject: string;
                authenticatorData?: string;
                clientDataJSON: string;
                publicKey?: string;
                publicKeyAlgorithm?: number;
                transports?: ("ble" | "cable" | "hybrid" | "internal" | "nfc" | "smart-card" | "usb")[];
            };
            /** @constant */
            type: "public-key";
        };
        PasskeyRegistrationResponseInput: {
            /** @enum {string} */
            authenticatorAttachment?: "platform" | "cross-platform";
            /** @description clientExtensionResults as the browser gives them */
            clientExtensionResults: {
                credProps?: {
                    rk?: boolean;
                };
            };
            id: string;
            rawId: string;
            response: {
                attestationObject: string;
                authenticatorData?: string;
                clientDataJSON: string;
                publicKey?: string;
                publicKeyAlgorithm?: number;
                transports?: ("ble" | "cable" | "hybrid" | "internal" | "nfc" | "smart-card" | "usb")[];
            };
            /** @constant */
            type: "public-key";
        };
        Plan: {
            contact_sales: boolean;
            description: string;
            features: string[];
            id: string;
            /** @description null = unlimited */
            limits: {
                queries_per_month: number | null;
                records: number | null;
                zones: number | null;
            };
            name: string;
            popular: boolean;
            /** @description null = on request (contact sales) */
            price: {
                amount_cents: number;
                currency: string;
                period: string;
            } | null;
            rate_limits: {
                read_per_minute: number;
                write_per_minute: number;
            };
        };
        PlanInput: {
            contact_sales: boolean;
            description: string;
            features: string[];
            id: string;
            /** @description null = unlimited */
            limits: {
                queries_per_month: number | null;
                records: number | null;
                zones: number | null;
            };
            name: string;
            popular: boolean;
            /** @description null = on request (contact sales) */
            price: {
                amount_cents: number;
                currency: string;
                period: string;
            } | null;
            rate_limits: {
                read_per_minute: number;
                write_per_minute: number;
            };
        };
        Primary: {
            /** @description IPv4 or IPv6 address of the primary */
            address: string;
            port: number;
            /** @description The TSIG key of this zone that signs the transfers; null: unsigned */
            tsig_key_id: string | null;
        };
        PrimaryInput: {
            /** @description IPv4 or IPv6 address of the primary */
            address: string;
            port: number;
            /** @description The TSIG key of this zone that signs the transfers; null: unsigned */
            tsig_key_id: string | null;
        };
        RecordSet: {
            /** @description Canonical presentation of each value */
            content: string[];
            /** Format: date-time */
            created_at: string;
            /**
             * Format: uuid
             * @description The record id: one per set of records with the same name and type
             */
            id: string;
            /** @description SOA, apex NS, and DNSKEY, CDS, CDNSKEY and NSEC3PARAM of a signed zone: written by the platform */
            managed: boolean;
            /** @description Absolute owner name without the trailing dot */
            name: string;
            ttl: number;
            type: string;
            /** Format: date-time */
            updated_at: string;
        };
        RecordSetChange: {
            /** @enum {string} */
            action: "create" | "update" | "delete";
            added: string[];
            name: string;
            removed: string[];
            ttl: number;
            type: string;
        };
        RecordSetChangeInput: {
            /** @enum {string} */
            action: "create" | "update" | "delete";
            added: string[];
            name: string;
            removed: string[];
            ttl: number;
            type: string;
        };
        RecordSetInput: {
            /** @description Canonical presentation of each value */
            content: string[];
            /** Format: date-time */
            created_at: string;
            /**
             * Format: uuid
             * @description The record id: one per set of records with the same name and type
             */
            id: string;
            /** @description SOA, apex NS, and DNSKEY, CDS, CDNSKEY and NSEC3PARAM of a signed zone: written by the platform */
            managed: boolean;
            /** @description Absolute owner name without the trailing dot */
            name: string;
            ttl: number;
            type: string;
            /** Format: date-time */
            updated_at: string;
        };
        RecordSetWarning: {
            /**
             * @description `caa_forbids_issue`: every CAA issue value is empty, so no certificate authority may issue; `caa_forbids_wildcard`: the same for wildcard certificates; `null_mx`: the name takes no mail (RFC 7505); `spf_pass_all`: the SPF policy passes every sender (+all); `spf_several`: more than one SPF policy, a permanent error for receivers
             * @enum {string}
             */
            code: "caa_forbids_issue" | "caa_forbids_wildcard" | "null_mx" | "spf_pass_all" | "spf_several";
            /** @description What the set does, with its consequence */
            message: string;
            name: string;
            type: string;
        };
        RecordSetWarningInput: {
            /**
             * @description `caa_forbids_issue`: every CAA issue value is empty, so no certificate authority may issue; `caa_forbids_wildcard`: the same for wildcard certificates; `null_mx`: the name takes no mail (RFC 7505); `spf_pass_all`: the SPF policy passes every sender (+all); `spf_several`: more than one SPF policy, a permanent error for receivers
             * @enum {string}
             */
            code: "caa_forbids_issue" | "caa_forbids_wildcard" | "null_mx" | "spf_pass_all" | "spf_several";
            /** @description What the set does, with its consequence */
            message: string;
            name: string;
            type: string;
        };
        Region: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @description The region’s DNS nodes */
            nodes: {
                /** @description REGION_DEGRADED_LAG: above this lag the region shows degraded */
                degraded_after_seconds: number;
                /** @description The largest journal lag (seconds a committed zone change had waited to be served) among the online nodes at their last heartbeat; null when none is online */
                journal_lag_seconds: number | null;
                last_heartbeat_at: string | null;
                /** @description Those that heartbeated within REGION_OFFLINE_AFTER */
                online: number;
                /** @description DNS nodes that name this region */
                total: number;
            };
            /**
             * @description The status staff set (N/A overrides the nodes)
             * @enum {string}
             */
            staff_status: "online" | "offline" | "NA";
            /**
             * @description What the status page shows: staff’s N/A, else the DNS nodes’ heartbeats when the region has nodes (degraded: an online node’s journal lag is above REGION_DEGRADED_LAG), else staff_status
             * @enum {string}
             */
            status: "online" | "offline" | "NA" | "degraded";
            /**
             * @description Whether status comes from staff or from the DNS nodes’ heartbeats
             * @enum {string}
             */
            status_source: "staff" | "nodes";
            summary: string;
            /** Format: date-time */
            updated_at: string;
        };
        RegionInput: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @description The region’s DNS nodes */
            nodes: {
                /** @description REGION_DEGRADED_LAG: above this lag the region shows degraded */
                degraded_after_seconds: number;
                /** @description The largest journal lag (seconds a committed zone change had waited to be served) among the online nodes at their last heartbeat; null when none is online */
                journal_lag_seconds: number | null;
                last_heartbeat_at: string | null;
                /** @description Those that heartbeated within REGION_OFFLINE_AFTER */
                online: number;
                /** @description DNS nodes that name this region */
                total: number;
            };
            /**
             * @description The status staff set (N/A overrides the nodes)
             * @enum {string}
             */
            staff_status: "online" | "offline" | "NA";
            /**
             * @description What the status page shows: staff’s N/A, else the DNS nodes’ heartbeats when the region has nodes (degraded: an online node’s journal lag is above REGION_DEGRADED_LAG), else staff_status
             * @enum {string}
             */
            status: "online" | "offline" | "NA" | "degraded";
            /**
             * @description Whether status comes from staff or from the DNS nodes’ heartbeats
             * @enum {string}
             */
            status_source: "staff" | "nodes";
            summary: string;
            /** Format: date-time */
            updated_at: string;
        };
        Secondary: {
            /** @description IPv4 or IPv6 address transfers come from and NOTIFY goes to */
            address: string;
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            id: string;
            notified_at: string | null;
            /** @description The last serial the secondary acknowledged a NOTIFY for */
            notified_serial: number | null;
            port: number;
            /**
             * Format: uuid
             * @description The key (with can_transfer) the secondary signs its transfers with
             */
            tsig_key_id: string;
            /** Format: uuid */
            zone_id: string;
        };
        SecondaryInput: {
            /** @description IPv4 or IPv6 address transfers come from and NOTIFY goes to */
            address: string;
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            id: string;
            notified_at: string | null;
            /** @description The last serial the secondary acknowledged a NOTIFY for */
            notified_serial: number | null;
            port: number;
            /**
             * Format: uuid
             * @description The key (with can_transfer) the secondary signs its transfers with
             */
            tsig_key_id: string;
            /** Format: uuid */
            zone_id: string;
        };
        SecondaryZoneState: {
            /** @description Unless a transfer succeeds before, the zone stops being served then (SOA expire) */
            expires_at: string | null;
            last_attempt_at: string | null;
            /** @description Why the last attempt failed (each primary tried); null after a success */
            last_error: string | null;
            /** @description The serial the last successful transfer or check saw */
            last_serial: number | null;
            last_success_at: string | null;
            /** @description The next check, by the SOA refresh (or retry after a failure); a NOTIFY from a primary brings it forward */
            next_refresh_at: string | null;
            primaries: components["schemas"]["Primary"][];
            /** @description The timers of the SOA the zone serves (the last transfer’s), as the refreshes use them: refresh and retry within 30 s to 1 day, expire at least 30 s. Null before the first transfer */
            soa_timers: {
                /** @description Seconds after the last success that the zone is served without one */
                expire: number;
                /** @description Seconds between two checks of the primaries after a success */
                refresh: number;
                /** @description Seconds before the next try after a failure */
                retry: number;
            } | null;
        };
        SecondaryZoneStateInput: {
            /** @description Unless a transfer succeeds before, the zone stops being served then (SOA expire) */
            expires_at: string | null;
            last_attempt_at: string | null;
            /** @description Why the last attempt failed (each primary tried); null after a success */
            last_error: string | null;
            /** @description The serial the last successful transfer or check saw */
            last_serial: number | null;
            last_success_at: string | null;
            /** @description The next check, by the SOA refresh (or retry after a failure); a NOTIFY from a primary brings it forward */
            next_refresh_at: string | null;
            primaries: components["schemas"]["PrimaryInput"][];
            /** @description The timers of the SOA the zone serves (the last transfer’s), as the refreshes use them: refresh and retry within 30 s to 1 day, expire at least 30 s. Null before the first transfer */
            soa_timers: {
                /** @description Seconds after the last success that the zone is served without one */
                expire: number;
                /** @description Seconds between two checks of the primaries after a success */
                refresh: number;
                /** @description Seconds before the next try after a failure */
                retry: number;
            } | null;
        };
        SecondFactorStep: {
            /** Format: date-time */
            expires_at: string;
            methods: ("totp" | "passkey" | "recovery_code")[];
            /** @constant */
            second_factor_required: true;
            /** @description Send it with one second factor to POST /auth/signin/second-factor (valid 10 minutes, 5 tries) */
            sign_in_token: string;
        };
        SecondFactorStepInput: {
            /** Format: date-time */
            expires_at: string;
            methods: ("totp" | "passkey" | "recovery_code")[];
            /** @constant */
            second_factor_required: true;
            /** @description Send it with one second factor to POST /auth/signin/second-factor (valid 10 minutes, 5 tries) */
            sign_in_token: string;
        };
        Session: {
            /** @description The browser and system (or the program) read from user_agent, e.g. "Firefox 144 on Linux"; null when it names nothing known */
            client: string | null;
            /** Format: date-time */
            created_at: string;
            /** @description The session making this call */
            current: boolean;
            /** Format: date-time */
            expires_at: string;
            /** Format: uuid */
            id: string;
            ip: string | null;
            /** Format: date-time */
            last_used_at: string;
            /** @description How it was signed in: password, password+totp, password+recovery_code, password+passkey, passkey, mailed_link, email_verification, invitation */
            method: string | null;
            user_agent: string | null;
        };
        SessionInput: {
            /** @description The browser and system (or the program) read from user_agent, e.g. "Firefox 144 on Linux"; null when it names nothing known */
            client: string | null;
            /** Format: date-time */
            created_at: string;
            /** @description The session making this call */
            current: boolean;
            /** Format: date-time */
            expires_at: string;
            /** Format: uuid */
            id: string;
            ip: string | null;
            /** Format: date-time */
            last_used_at: string;
            /** @description How it was signed in: password, password+totp, password+recovery_code, password+passkey, passkey, mailed_link, email_verification, invitation */
            method: string | null;
            user_agent: string | null;
        };
        SignedIn: {
            access_token: string;
            customer: components["schemas"]["Customer"];
            /** Format: date-time */
            expires_at: string;
            user: components["schemas"]["User"];
        };
        SignedInInput: {
            access_token: string;
            customer: components["schemas"]["CustomerInput"];
            /** Format: date-time */
            expires_at: string;
            user: components["schemas"]["UserInput"];
        };
        SignUpConversion: {
            buttons: {
                /** @description The button: trial (Start Free Trial) or signup (the header’s Sign Up) */
                button: string;
                clicks: number;
            }[];
            clicks: number;
            /** @description Sign-ups per click of the sign-up buttons (it may pass 1: not every sign-up starts with a click on the site) */
            conversion: number | null;
            days: {
                clicks: number;
                /**
                 * Format: date
                 * @description A day, UTC
                 */
                day: string;
                sign_ups: number;
            }[];
            sign_ups: number;
        };
        SignUpConversionInput: {
            buttons: {
                /** @description The button: trial (Start Free Trial) or signup (the header’s Sign Up) */
                button: string;
                clicks: number;
            }[];
            clicks: number;
            /** @description Sign-ups per click of the sign-up buttons (it may pass 1: not every sign-up starts with a click on the site) */
            conversion: number | null;
            days: {
                clicks: number;
                /**
                 * Format: date
                 * @description A day, UTC
                 */
                day: string;
                sign_ups: number;
            }[];
            sign_ups: number;
        };
        SitePageViews: {
            /** @description Page views per day, oldest first */
            days: {
                /**
                 * Format: date
                 * @description A day, UTC
                 */
                day: string;
                views: number;
            }[];
            /** @description The 50 most viewed pages */
            pages: {
                /** @description The page’s path as the site pre-renders it */
                path: string;
                views: number;
            }[];
            /** @description The 50 sites that sent the most visitors (host only) */
            referrers: {
                host: string;
                views: number;
            }[];
        };
        SitePageViewsInput: {
            /** @description Page views per day, oldest first */
            days: {
                /**
                 * Format: date
                 * @description A day, UTC
                 */
                day: string;
                views: number;
            }[];
            /** @description The 50 most viewed pages */
            pages: {
                /** @description The page’s path as the site pre-renders it */
                path: string;
                views: number;
            }[];
            /** @description The 50 sites that sent the most visitors (host only) */
            referrers: {
                host: string;
                views: number;
            }[];
        };
        Subscription: {
            billing_interval: ("month" | "year") | null;
            cancel_at_period_end: boolean;
            canceled_at: string | null;
            /** Format: date-time */
            created_at: string;
            current_period_end: string | null;
            current_period_start: string | null;
            /** Format: uuid */
            id: string;
            plan_id: string;
            /** @enum {string} */
            status: "trialing" | "active" | "past_due" | "canceled" | "suspended";
            suspended_at: string | null;
            /** @description trial_ended: the trial ended without a plan; unpaid: an invoice 30 days unpaid; staff: Kaja DNS suspended it */
            suspension_reason: ("trial_ended" | "unpaid" | "staff") | null;
            trial_ends_at: string | null;
        };
        SubscriptionInput: {
            billing_interval: ("month" | "year") | null;
            cancel_at_period_end: boolean;
            canceled_at: string | null;
            /** Format: date-time */
            created_at: string;
            current_period_end: string | null;
            current_period_start: string | null;
            /** Format: uuid */
            id: string;
            plan_id: string;
            /** @enum {string} */
            status: "trialing" | "active" | "past_due" | "canceled" | "suspended";
            suspended_at: string | null;
            /** @description trial_ended: the trial ended without a plan; unpaid: an invoice 30 days unpaid; staff: Kaja DNS suspended it */
            suspension_reason: ("trial_ended" | "unpaid" | "staff") | null;
            trial_ends_at: string | null;
        };
        SupportRequest: {
            /** Format: date-time */
            created_at: string;
            /** @description Where the reply goes */
            email: string;
            /** @description When staff marked it answered; null while open */
            handled_at: string | null;
            /** @description The staff user who did */
            handled_by: string | null;
            /** Format: uuid */
            id: string;
            message: string;
            name: string;
            /** @description The page it was sent from */
            source: string;
            subject: string;
        };
        SupportRequestInput: {
            /** Format: date-time */
            created_at: string;
            /** @description Where the reply goes */
            email: string;
            /** @description When staff marked it answered; null while open */
            handled_at: string | null;
            /** @description The staff user who did */
            handled_by: string | null;
            /** Format: uuid */
            id: string;
            message: string;
            name: string;
            /** @description The page it was sent from */
            source: string;
            subject: string;
        };
        TeamApiKey: {
            /** @description Whether the calling credential may revoke this key (DELETE /users/{userId}/apikeys/{keyId}) */
            can_revoke: boolean;
            /** Format: date-time */
            created_at: string;
            /** @description The user who created the key; null for keys from before this was recorded */
            created_by: string | null;
            /** @description Who created the key (an owner or admin may create keys for others); null when unknown or no longer in the team */
            creator: {
                email: string;
                full_name: string;
                /** Format: uuid */
                id: string;
            } | null;
            /** Format: uuid */
            customer_id: string;
            expires_at: string | null;
            /** Format: uuid */
            id: string;
            last_used_at: string | null;
            name: string;
            /** @description The visible start of the key, to recognise it */
            prefix: string;
            restrictions: {
                allowed_cidrs: string[] | null;
                allowed_zones: string[] | null;
                max_age_seconds: number | null;
                max_unused_seconds: number | null;
                record_policies: {
                    allow: boolean;
                    name: string;
                    type: string;
                    zone: string | null;
                }[] | null;
            };
            revoked_at: string | null;
            scopes: string[];
            /** @description Whose key it is: calls made with it act as this user */
            user: {
                email: string;
                full_name: string;
                /** Format: uuid */
                id: string;
                /** @enum {string} */
                role: "owner" | "admin" | "member";
            };
            /** Format: uuid */
            user_id: string;
        };
        TeamApiKeyInput: {
            /** @description Whether the calling credential may revoke this key (DELETE /users/{userId}/apikeys/{keyId}) */
            can_revoke: boolean;
            /** Format: date-time */
            created_at: string;
            /** @description The user who created the key; null for keys from before this was recorded */
            created_by: string | null;
            /** @description Who created the key (an owner or admin may create keys for others); null when unknown or no longer in the team */
            creator: {
                email: string;
                full_name: string;
                /** Format: uuid */
                id: string;
            } | null;
            /** Format: uuid */
            customer_id: string;
            expires_at: string | null;
            /** Format: uuid */
            id: string;
            last_used_at: string | null;
            name: string;
            /** @description The visible start of the key, to recognise it */
            prefix: string;
            restrictions: {
                allowed_cidrs: string[] | null;
                allowed_zones: string[] | null;
                max_age_seconds: number | null;
                max_unused_seconds: number | null;
                record_policies: {
                    allow: boolean;
                    name: string;
                    type: string;
                    zone: string | null;
                }[] | null;
            };
            revoked_at: string | null;
            scopes: string[];
            /** @description Whose key it is: calls made with it act as this user */
            user: {
                email: string;
                full_name: string;
                /** Format: uuid */
                id: string;
                /** @enum {string} */
                role: "owner" | "admin" | "member";
            };
            /** Format: uuid */
            user_id: string;
        };
        TsigKey: {
            /** @enum {string} */
            algorithm: "hmac-sha256" | "hmac-sha384" | "hmac-sha512";
            /** @description May sign zone transfers (AXFR/IXFR) by a secondary */
            can_transfer: boolean;
            /** @description May sign dynamic updates (RFC 2136), within record_policies */
            can_update: boolean;
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            id: string;
            last_used_at: string | null;
            /** @description The key name in TSIG records, without the trailing dot */
            name: string;
            /** @description Which records updates may change; null = all */
            record_policies: {
                allow: boolean;
                /** @description Record name relative to the zone: @, *, *.suffix or an exact name */
                name: string;
                /** @description Record type or * */
                type: string;
            }[] | null;
            /** Format: uuid */
            zone_id: string;
        };
        TsigKeyInput: {
            /** @enum {string} */
            algorithm: "hmac-sha256" | "hmac-sha384" | "hmac-sha512";
            /** @description May sign zone transfers (AXFR/IXFR) by a secondary */
            can_transfer: boolean;
            /** @description May sign dynamic updates (RFC 2136), within record_policies */
            can_update: boolean;
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            id: string;
            last_used_at: string | null;
            /** @description The key name in TSIG records, without the trailing dot */
            name: string;
            /** @description Which records updates may change; null = all */
            record_policies: {
                allow: boolean;
                /** @description Record name relative to the zone: @, *, *.suffix or an exact name */
                name: string;
                /** @description Record type or * */
                type: string;
            }[] | null;
            /** Format: uuid */
            zone_id: string;
        };
        TwoFactorStatus: {
            /** @description The person signs in with a second factor */
            enabled: boolean;
            passkeys: number;
            recovery_codes_left: number;
            required: boolean;
            /** @description Why it is required: platform staff always, or the customer’s owner asks it of every member */
            required_by: ("staff" | "customer") | null;
            totp: {
                confirmed_at: string | null;
                enabled: boolean;
            };
        };
        TwoFactorStatusInput: {
            /** @description The person signs in with a second factor */
            enabled: boolean;
            passkeys: number;
            recovery_codes_left: number;
            required: boolean;
            /** @description Why it is required: platform staff always, or the customer’s owner asks it of every member */
            required_by: ("staff" | "customer") | null;
            totp: {
                confirmed_at: string | null;
                enabled: boolean;
            };
        };
        User: {
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            customer_id: string;
            email: string;
            email_verified: boolean;
            full_name: string;
            /** Format: uuid */
            id: string;
            is_staff: boolean;
            /** @enum {string} */
            role: "owner" | "admin" | "member";
            /** Format: date-time */
            updated_at: string;
        };
        UserInput: {
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            customer_id: string;
            email: string;
            email_verified: boolean;
            full_name: string;
            /** Format: uuid */
            id: string;
            is_staff: boolean;
            /** @enum {string} */
            role: "owner" | "admin" | "member";
            /** Format: date-time */
            updated_at: string;
        };
        WebhookDelivery: {
            attempt_count: number;
            attempts: {
                /** Format: date-time */
                attempted_at: string;
                duration_ms: number;
                error: string | null;
                /** @description The first 1 KiB of the answer */
                response_excerpt: string | null;
                /** @description null when no answer came (address refused, time-out, connection error) */
                status_code: number | null;
            }[];
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            endpoint_id: string;
            /** @description The `webhook-id` header: the same for a redelivery of the event */
            event_id: string;
            event_type: string;
            finished_at: string | null;
            /** Format: uuid */
            id: string;
            last_error: string | null;
            last_status_code: number | null;
            next_attempt_at: string | null;
            payload: components["schemas"]["WebhookPayload"];
            /** @enum {string} */
            status: "pending" | "succeeded" | "failed";
        };
        WebhookDeliveryInput: {
            attempt_count: number;
            attempts: {
                /** Format: date-time */
                attempted_at: string;
                duration_ms: number;
                error: string | null;
                /** @description The first 1 KiB of the answer */
                response_excerpt: string | null;
                /** @description null when no answer came (address refused, time-out, connection error) */
                status_code: number | null;
            }[];
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            endpoint_id: string;
            /** @description The `webhook-id` header: the same for a redelivery of the event */
            event_id: string;
            event_type: string;
            finished_at: string | null;
            /** Format: uuid */
            id: string;
            last_error: string | null;
            last_status_code: number | null;
            next_attempt_at: string | null;
            payload: components["schemas"]["WebhookPayloadInput"];
            /** @enum {string} */
            status: "pending" | "succeeded" | "failed";
        };
        WebhookEndpoint: {
            /** Format: date-time */
            created_at: string;
            description: string;
            disabled_at: string | null;
            /** @description Why it was turned off: by a person, or by the platform after 5 days of failures */
            disabled_reason: string | null;
            enabled: boolean;
            /** @description The event types sent; null = all, including types added later */
            event_types: ("zone.created" | "zone.deleted" | "zone.records_changed" | "dnssec.state_changed" | "dnssec.ds_changed" | "delegation.changed" | "secondary.transfer_failed" | "invoice.issued" | "invoice.overdue" | "quota.threshold_reached")[] | null;
            /** @description The first failed attempt since the last success; null while deliveries succeed */
            failing_since: string | null;
            /** Format: uuid */
            id: string;
            /** Format: date-time */
            updated_at: string;
            url: string;
        };
        WebhookEndpointInput: {
            /** Format: date-time */
            created_at: string;
            description: string;
            disabled_at: string | null;
            /** @description Why it was turned off: by a person, or by the platform after 5 days of failures */
            disabled_reason: string | null;
            enabled: boolean;
            /** @description The event types sent; null = all, including types added later */
            event_types: ("zone.created" | "zone.deleted" | "zone.records_changed" | "dnssec.state_changed" | "dnssec.ds_changed" | "delegation.changed" | "secondary.transfer_failed" | "invoice.issued" | "invoice.overdue" | "quota.threshold_reached")[] | null;
            /** @description The first failed attempt since the last success; null while deliveries succeed */
            failing_since: string | null;
            /** Format: uuid */
            id: string;
            /** Format: date-time */
            updated_at: string;
            url: string;
        };
        WebhookPayload: {
            data: {
                [key: string]: unknown;
            };
            /** Format: date-time */
            timestamp: string;
            /** @description One of the event types, or `webhook.test` */
            type: string;
        };
        WebhookPayloadInput: {
            data: {
                [key: string]: unknown;
            };
            /** Format: date-time */
            timestamp: string;
            /** @description One of the event types, or `webhook.test` */
            type: string;
        };
        Zone: {
            /** Format: date-time */
            created_at: string;
            /** @description What the parent zone says, at the last check (details: GET /zones/{id}/delegation) */
            delegation: components["schemas"]["ZoneDelegationSummary"];
            dnssec: {
                enabled: boolean;
                /** @enum {string} */
                state: "off" | "signing" | "active" | "disabling";
            };
            /** Format: uuid */
            id: string;
            /** @description Absolute, lowercase (IDN as punycode), without the trailing dot */
            name: string;
            name_servers: string[];
            /** @description Records counted against the plan (the platform-managed sets are not) */
            record_count: number;
            /** @enum {string} */
            region: "EU_GLOBAL" | "EU" | "GLOBAL";
            /** @description The transfers of a secondary zone; null for a primary zone */
            secondary: components["schemas"]["SecondaryZoneState"] | null;
            /** @description SOA serial, bumped once per change */
            serial: number;
            /** @enum {string} */
            status: "active" | "disabled" | "deleting";
            /** @description Default TTL of new records; also the TTL of the SOA and apex NS */
            ttl: number;
            /**
             * @description `secondary`: transferred in from your primaries, records read-only here; `catalog`: your catalog zone (GET /catalog-zone), written by the platform
             * @enum {string}
             */
            type: "primary" | "secondary" | "catalog";
            /** Format: date-time */
            updated_at: string;
        };
        ZoneChange: {
            actor: {
                api_key_id: string | null;
                /** @description The name of the API key used; null without a key, or when the key is gone */
                api_key_name: string | null;
                /** @description The person acting (for an API key: the person it belongs to); null for the platform and TSIG keys */
                person: {
                    /** @description For members only */
                    email: string | null;
                    /** @description For members, and for former members as they were when they left */
                    full_name: string | null;
                    /**
                     * @description member: in the team now; former_member: removed or gone to another customer; staff: Kaja DNS staff; outside: anyone else
                     * @enum {string}
                     */
                    relation: "member" | "former_member" | "staff" | "outside";
                } | null;
                /**
                 * Format: uuid
                 * @description The TSIG key that signed a dynamic update (type tsig_key)
                 */
                tsig_key_id?: string;
                /** @enum {string} */
                type: "user" | "api_key" | "tsig_key" | "system";
                user_id: string | null;
            };
            /** @description The first 1,000 records added (see added_count) */
            added: {
                content: string;
                name: string;
                ttl: number;
                type: string;
            }[];
            added_count: number;
            previous_serial: number;
            /** @description The first 1,000 records removed (see removed_count) */
            removed: {
                content: string;
                name: string;
                ttl: number;
                type: string;
            }[];
            removed_count: number;
            serial: number;
            /** @enum {string} */
            source: "api" | "import" | "restore" | "dynamic_update" | "system";
            /** Format: date-time */
            time: string;
        };
        ZoneChangeInput: {
            actor: {
                api_key_id: string | null;
                /** @description The name of the API key used; null without a key, or when the key is gone */
                api_key_name: string | null;
                /** @description The person acting (for an API key: the person it belongs to); null for the platform and TSIG keys */
                person: {
                    /** @description For members only */
                    email: string | null;
                    /** @description For members, and for former members as they were when they left */
                    full_name: string | null;
                    /**
                     * @description member: in the team now; former_member: removed or gone to another customer; staff: Kaja DNS staff; outside: anyone else
                     * @enum {string}
                     */
                    relation: "member" | "former_member" | "staff" | "outside";
                } | null;
                /**
                 * Format: uuid
                 * @description The TSIG key that signed a dynamic update (type tsig_key)
                 */
                tsig_key_id?: string;
                /** @enum {string} */
                type: "user" | "api_key" | "tsig_key" | "system";
                user_id: string | null;
            };
            /** @description The first 1,000 records added (see added_count) */
            added: {
                content: string;
                name: string;
                ttl: number;
                type: string;
            }[];
            added_count: number;
            previous_serial: number;
            /** @description The first 1,000 records removed (see removed_count) */
            removed: {
                content: string;
                name: string;
                ttl: number;
                type: string;
            }[];
            removed_count: number;
            serial: number;
            /** @enum {string} */
            source: "api" | "import" | "restore" | "dynamic_update" | "system";
            /** Format: date-time */
            time: string;
        };
        ZoneDelegation: {
            /** @description A check is queued or running: poll until it is false and `checked_at` has moved */
            check_pending: boolean;
            /** @description When the parent was last asked */
            checked_at: string | null;
            /** @description Whether this platform checks delegations (false: states stay `unchecked`) */
            checks_enabled: boolean;
            ds: {
                /** @description DS records to set at your registrar (one is enough): those of the active KSKs, while signed */
                expected: string[];
                /** @description The DS records the parent publishes (key tag, algorithm, digest type, digest) */
                parent: string[];
            };
            /**
             * @description The parent’s DS records against the zone’s keys: `matching` (a DS of an active KSK), `missing` (signed, but no DS), `stale` (only DS of keys that no longer sign), `wrong` (DS of no key of the zone), `unexpected` (a DS while the zone is not signed or being turned off: remove it), `none` (not signed, no DS), `unknown` (the last check could not read the parent), `unchecked`
             * @enum {string}
             */
            ds_state: "unchecked" | "matching" | "missing" | "stale" | "wrong" | "unexpected" | "none" | "unknown";
            ns: {
                /** @description The name servers to set at your registrar */
                expected: string[];
                /** @description The name servers the parent delegates to (at the last check that read it) */
                parent: string[];
            };
            /**
             * @description What the parent zone delegates to: `ours` (only our name servers), `partly` (ours and others), `elsewhere` (none of ours), `unregistered` (no delegation: the name is not registered or has no NS), `unknown` (the last check could not read the parent), `unchecked` (not checked yet)
             * @enum {string}
             */
            ns_state: "unchecked" | "ours" | "partly" | "elsewhere" | "unregistered" | "unknown";
            /** @description The zone the delegation was read from */
            parent_zone: string | null;
            /** @description Why the last check could not read the parent; the states are `unknown` then */
            problem: string | null;
            /** @description For a pending zone: when it is removed, and its name freed, unless delegated to us first (the owners are mailed a week ahead) */
            release_at: string | null;
            /**
             * @description `pending` until a check sees the parent delegate the zone to our name servers (the zone is served all the same); then `active`
             * @enum {string}
             */
            status: "pending" | "active";
        };
        ZoneDelegationInput: {
            /** @description A check is queued or running: poll until it is false and `checked_at` has moved */
            check_pending: boolean;
            /** @description When the parent was last asked */
            checked_at: string | null;
            /** @description Whether this platform checks delegations (false: states stay `unchecked`) */
            checks_enabled: boolean;
            ds: {
                /** @description DS records to set at your registrar (one is enough): those of the active KSKs, while signed */
                expected: string[];
                /** @description The DS records the parent publishes (key tag, algorithm, digest type, digest) */
                parent: string[];
            };
            /**
             * @description The parent’s DS records against the zone’s keys: `matching` (a DS of an active KSK), `missing` (signed, but no DS), `stale` (only DS of keys that no longer sign), `wrong` (DS of no key of the zone), `unexpected` (a DS while the zone is not signed or being turned off: remove it), `none` (not signed, no DS), `unknown` (the last check could not read the parent), `unchecked`
             * @enum {string}
             */
            ds_state: "unchecked" | "matching" | "missing" | "stale" | "wrong" | "unexpected" | "none" | "unknown";
            ns: {
                /** @description The name servers to set at your registrar */
                expected: string[];
                /** @description The name servers the parent delegates to (at the last check that read it) */
                parent: string[];
            };
            /**
             * @description What the parent zone delegates to: `ours` (only our name servers), `partly` (ours and others), `elsewhere` (none of ours), `unregistered` (no delegation: the name is not registered or has no NS), `unknown` (the last check could not read the parent), `unchecked` (not checked yet)
             * @enum {string}
             */
            ns_state: "unchecked" | "ours" | "partly" | "elsewhere" | "unregistered" | "unknown";
            /** @description The zone the delegation was read from */
            parent_zone: string | null;
            /** @description Why the last check could not read the parent; the states are `unknown` then */
            problem: string | null;
            /** @description For a pending zone: when it is removed, and its name freed, unless delegated to us first (the owners are mailed a week ahead) */
            release_at: string | null;
            /**
             * @description `pending` until a check sees the parent delegate the zone to our name servers (the zone is served all the same); then `active`
             * @enum {string}
             */
            status: "pending" | "active";
        };
        ZoneDelegationSummary: {
            /** @description When the parent was last asked */
            checked_at: string | null;
            /**
             * @description The parent’s DS records against the zone’s keys: `matching` (a DS of an active KSK), `missing` (signed, but no DS), `stale` (only DS of keys that no longer sign), `wrong` (DS of no key of the zone), `unexpected` (a DS while the zone is not signed or being turned off: remove it), `none` (not signed, no DS), `unknown` (the last check could not read the parent), `unchecked`
             * @enum {string}
             */
            ds_state: "unchecked" | "matching" | "missing" | "stale" | "wrong" | "unexpected" | "none" | "unknown";
            /**
             * @description What the parent zone delegates to: `ours` (only our name servers), `partly` (ours and others), `elsewhere` (none of ours), `unregistered` (no delegation: the name is not registered or has no NS), `unknown` (the last check could not read the parent), `unchecked` (not checked yet)
             * @enum {string}
             */
            ns_state: "unchecked" | "ours" | "partly" | "elsewhere" | "unregistered" | "unknown";
            /** @description For a pending zone: when it is removed, and its name freed, unless delegated to us first (the owners are mailed a week ahead) */
            release_at: string | null;
            /**
             * @description `pending` until a check sees the parent delegate the zone to our name servers (the zone is served all the same); then `active`
             * @enum {string}
             */
            status: "pending" | "active";
        };
        ZoneDelegationSummaryInput: {
            /** @description When the parent was last asked */
            checked_at: string | null;
            /**
             * @description The parent’s DS records against the zone’s keys: `matching` (a DS of an active KSK), `missing` (signed, but no DS), `stale` (only DS of keys that no longer sign), `wrong` (DS of no key of the zone), `unexpected` (a DS while the zone is not signed or being turned off: remove it), `none` (not signed, no DS), `unknown` (the last check could not read the parent), `unchecked`
             * @enum {string}
             */
            ds_state: "unchecked" | "matching" | "missing" | "stale" | "wrong" | "unexpected" | "none" | "unknown";
            /**
             * @description What the parent zone delegates to: `ours` (only our name servers), `partly` (ours and others), `elsewhere` (none of ours), `unregistered` (no delegation: the name is not registered or has no NS), `unknown` (the last check could not read the parent), `unchecked` (not checked yet)
             * @enum {string}
             */
            ns_state: "unchecked" | "ours" | "partly" | "elsewhere" | "unregistered" | "unknown";
            /** @description For a pending zone: when it is removed, and its name freed, unless delegated to us first (the owners are mailed a week ahead) */
            release_at: string | null;
            /**
             * @description `pending` until a check sees the parent delegate the zone to our name servers (the zone is served all the same); then `active`
             * @enum {string}
             */
            status: "pending" | "active";
        };
        ZoneInput: {
            /** Format: date-time */
            created_at: string;
            /** @description What the parent zone says, at the last check (details: GET /zones/{id}/delegation) */
            delegation: components["schemas"]["ZoneDelegationSummaryInput"];
            dnssec: {
                enabled: boolean;
                /** @enum {string} */
                state: "off" | "signing" | "active" | "disabling";
            };
            /** Format: uuid */
            id: string;
            /** @description Absolute, lowercase (IDN as punycode), without the trailing dot */
            name: string;
            name_servers: string[];
            /** @description Records counted against the plan (the platform-managed sets are not) */
            record_count: number;
            /** @enum {string} */
            region: "EU_GLOBAL" | "EU" | "GLOBAL";
            /** @description The transfers of a secondary zone; null for a primary zone */
            secondary: components["schemas"]["SecondaryZoneStateInput"] | null;
            /** @description SOA serial, bumped once per change */
            serial: number;
            /** @enum {string} */
            status: "active" | "disabled" | "deleting";
            /** @description Default TTL of new records; also the TTL of the SOA and apex NS */
            ttl: number;
            /**
             * @description `secondary`: transferred in from your primaries, records read-only here; `catalog`: your catalog zone (GET /catalog-zone), written by the platform
             * @enum {string}
             */
            type: "primary" | "secondary" | "catalog";
            /** Format: date-time */
            updated_at: string;
        };
        ZoneMetrics: {
            /** @description Whether the plan has advanced metrics (Pro and Scale): the breakdowns below are null without */
            advanced: boolean;
            /** @description Queries by response code (NOERROR, NXDOMAIN, …) */
            by_rcode: {
                [key: string]: number;
            } | null;
            /** @description Queries by query type (A, AAAA, …; OTHER for all types without a mnemonic) */
            by_type: {
                [key: string]: number;
            } | null;
            /**
             * Format: date-time
             * @description Start of the first step (inclusive)
             */
            from: string;
            /** @description The share of the queries answered NXDOMAIN (0 to 1) */
            nxdomain_share: number | null;
            series: {
                /** @description Queries by name (most first) */
                by_rcode?: {
                    [key: string]: number;
                };
                /** @description Queries by name (most first) */
                by_type?: {
                    [key: string]: number;
                };
                queries: number;
                /**
                 * Format: date-time
                 * @description Start of the step
                 */
                time: string;
            }[];
            /** @enum {string} */
            step: "1h" | "6h" | "1d";
            /**
             * Format: date-time
             * @description End of the last step (exclusive)
             */
            to: string;
            /** @description Queries answered in the window */
            total: number;
            zone: string;
            /** Format: uuid */
            zone_id: string;
        };
        ZoneMetricsInput: {
            /** @description Whether the plan has advanced metrics (Pro and Scale): the breakdowns below are null without */
            advanced: boolean;
            /** @description Queries by response code (NOERROR, NXDOMAIN, …) */
            by_rcode: {
                [key: string]: number;
            } | null;
            /** @description Queries by query type (A, AAAA, …; OTHER for all types without a mnemonic) */
            by_type: {
                [key: string]: number;
            } | null;
            /**
             * Format: date-time
             * @description Start of the first step (inclusive)
             */
            from: string;
            /** @description The share of the queries answered NXDOMAIN (0 to 1) */
            nxdomain_share: number | null;
            series: {
                /** @description Queries by name (most first) */
                by_rcode?: {
                    [key: string]: number;
                };
                /** @description Queries by name (most first) */
                by_type?: {
                    [key: string]: number;
                };
                queries: number;
                /**
                 * Format: date-time
                 * @description Start of the step
                 */
                time: string;
            }[];
            /** @enum {string} */
            step: "1h" | "6h" | "1d";
            /**
             * Format: date-time
             * @description End of the last step (exclusive)
             */
            to: string;
            /** @description Queries answered in the window */
            total: number;
            zone: string;
            /** Format: uuid */
            zone_id: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
