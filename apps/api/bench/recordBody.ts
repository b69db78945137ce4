/** The `n`-th new record a benchmark POSTs: an A record of its own name and address. */
export const recordBody = (n: number) => ({ type: 'A', name: `host-${n}`, content: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` });
