/** The 14 articles the product spec names (section 2, "Blog article slugs"), in alphabetical order. */
export const blogSlugs = [
  'aws-dns-failure-lessons',
  'cname-records-explained',
  'dns-server-types',
  'domain-registrar-vs-dns-hosting',
  'ipv6-vs-ipv4',
  'ssl-tls-certificates',
  'what-is-a-dns-zone',
  'what-is-a-txt-record',
  'what-is-an-a-record',
  'what-is-an-aname-record',
  'what-is-an-mx-record',
  'what-is-dns',
  'what-is-my-ip-address',
  'what-is-ttl',
];
