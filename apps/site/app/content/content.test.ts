import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { API_CATEGORIES, entries } from './collections.server';
import type { ContentEntry } from './entry';
import { blogSlugs } from '../../test/blogSlugs';

// What the product promises about the written content itself, checked on the files in content/.

/** Words of the prose, without code blocks and markup. */
const words = (entry: ContentEntry) =>
  entry.html
    .replace(/<pre[\s\S]*?<\/pre>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .split(/\s+/)
    .filter((word) => /[a-z]/i.test(word)).length;

const text = (entry: ContentEntry) => entry.html.replace(/<[^>]+>/g, ' ');

const doc = (slug: string) => {
  const found = entries('docs').find((entry) => entry.slug === slug);
  if (!found) throw new Error(`No document ${slug}`);
  return text(found);
};

describe('blog', () => {
  const slugs = blogSlugs;

  it('holds exactly the 14 articles of the product', () => {
    expect(
      entries('blog')
        .map((entry) => entry.slug)
        .sort(),
    ).toEqual(slugs);
  });

  it.each(slugs)('%s has a title, a description, a date, tags and at least 600 words', (slug) => {
    const post = entries('blog').find((entry) => entry.slug === slug)!;
    expect(post.title.length).toBeGreaterThan(5);
    expect(post.description.length).toBeGreaterThan(40);
    expect(post.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(post.tags.length).toBeGreaterThan(0);
    expect(words(post)).toBeGreaterThanOrEqual(600);
  });
});

describe('learning center and API guides', () => {
  it('has the getting-started guide', () => {
    const guide = entries('learning').find((entry) => entry.slug === 'getting-started');
    expect(guide?.description).toBeTruthy();
    expect(words(guide!)).toBeGreaterThanOrEqual(600);
  });

  it('has the fourteen API guides, each with a description and a category', () => {
    const guides = entries('api');
    expect(guides.map((entry) => entry.slug).sort()).toEqual([
      'authentication',
      'billing',
      'catalog-zones',
      'cli-and-sdk',
      'delegation',
      'dnssec',
      'dynamic-dns',
      'invitations',
      'overview',
      'records',
      'status',
      'two-step-sign-in',
      'webhooks',
      'zones',
    ]);
    for (const guide of guides) {
      expect(guide.description, guide.slug).toBeTruthy();
      expect(API_CATEGORIES, guide.slug).toContain(guide.category);
    }
  });
});

describe('documentation', () => {
  it('covers the topics the product promises', () => {
    const slugs = entries('docs').map((entry) => entry.slug);
    expect(slugs).toEqual(
      expect.arrayContaining([
        'introduction',
        'getting-started',
        'zones',
        'records',
        'record-types',
        'dnssec',
        'api-keys-and-scopes',
        'teams-and-roles',
        'two-step-sign-in',
        'import-export',
        'dynamic-updates-and-acme',
        'secondaries',
        'plans-and-limits',
      ]),
    );
  });

  it('describes every record type we support', () => {
    const types = doc('record-types');
    for (const type of [
      'A',
      'AAAA',
      'CNAME',
      'MX',
      'TXT',
      'NS',
      'SRV',
      'CAA',
      'PTR',
      'ALIAS',
      'ANAME',
      'HTTPS',
      'SVCB',
      'TLSA',
      'SSHFP',
      'DS',
      'NAPTR',
      'SOA',
    ]) {
      expect(types, type).toMatch(new RegExp(`\\b${type}\\b`));
    }
  });

  it('gives the registrar steps for DNSSEC, every scope, every role, ACME clients and secondaries', () => {
    expect(doc('dnssec')).toMatch(/registrar/i);
    expect(doc('dnssec')).toMatch(/\bDS\b/);
    const scopes = doc('api-keys-and-scopes');
    for (const scope of ['customers:read', 'customers:write', 'zones:read', 'zones:write', 'records:read', 'records:write', 'dnssec:write'])
      expect(scopes, scope).toContain(scope);
    for (const role of ['owner', 'admin', 'member']) expect(doc('teams-and-roles'), role).toMatch(new RegExp(`\\b${role}\\b`, 'i'));
    for (const client of ['certbot', 'lego']) expect(doc('dynamic-updates-and-acme'), client).toContain(client);
    for (const protocol of ['AXFR', 'NOTIFY', 'TSIG']) expect(doc('secondaries'), protocol).toContain(protocol);
    for (const plan of ['Nano', 'Pro', 'Scale']) expect(doc('plans-and-limits'), plan).toContain(plan);
  });

  it('lists every error code of the API with its HTTP status', () => {
    const errors = entries('docs').find((entry) => entry.slug === 'errors')!.html;
    for (const [code, status] of [
      ['bad_request', 400],
      ['unauthorized', 401],
      ['forbidden', 403],
      ['quota_exceeded', 403],
      ['account_read_only', 403],
      ['not_found', 404],
      ['conflict', 409],
      ['payload_too_large', 413],
      ['validation_failed', 422],
      ['rate_limited', 429],
      ['internal_error', 500],
      ['unavailable', 503],
    ] as const) {
      expect(errors, code).toContain(`<td><code>${code}</code></td>\n<td>${status}</td>`);
    }
  });
});

describe('the dashboard as the guides describe it', () => {
  // The dashboard's own words: its navigation, the tabs of a zone and the text of its screens.
  const dashboard = (path: string) => readFileSync(new URL(`../../../dashboard/src/${path}`, import.meta.url), 'utf8');
  const labels = (source: string) => [...source.matchAll(/label: '([^']+)'/g)].map((match) => match[1]!);
  const navigation = labels(dashboard('shell/navigation.ts'));
  const zoneTabs = labels(dashboard('screens/zone-tools/zone-tabs.tsx'));
  const screens = readdirSync(new URL('../../../dashboard/src/screens', import.meta.url), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.tsx'))
    .map((file) => dashboard(`screens/${file}`))
    .join('\n');

  // Each paragraph, list item or cell of the guides that speaks of the dashboard.
  const dashboardSteps = (['docs', 'learning', 'api'] as const)
    .flatMap((collection) => entries(collection).flatMap((entry) => entry.html.split(/<\/(?:p|li|td)>/).map((block) => ({ slug: entry.slug, block }))))
    .filter(({ block }) => /dashboard|the zone’s|the zone's/.test(block));
  const named = (pattern: RegExp) => dashboardSteps.flatMap(({ slug, block }) => [...block.matchAll(pattern)].map((match) => ({ slug, name: match[1]! })));

  it('finds the dashboard and its zone tabs where the guides send people', () => {
    expect(navigation).toEqual(expect.arrayContaining(['Zones', 'API keys', 'Team', 'Audit log', 'Account']));
    expect(zoneTabs).toEqual(expect.arrayContaining(['DNSSEC', 'History', 'Import and export', 'TSIG keys and secondaries']));
    const places = named(/\b(?:open|under|from) <strong>([^<]+)<\/strong>/g);
    expect(places.length).toBeGreaterThan(5);
    for (const { slug, name } of places) expect(navigation, `${slug}: ${name}`).toContain(name);
    const tabs = named(/zone(?:’|'|&#39;)s <strong>([^<]+)<\/strong> tab/g);
    expect(tabs.length).toBeGreaterThan(3);
    for (const { slug, name } of tabs) expect(zoneTabs, `${slug}: ${name}`).toContain(name);
  });

  it('names the buttons as the dashboard labels them', () => {
    const buttons = named(/\bchoose <strong>([^<]+)<\/strong>/g);
    expect(buttons.length).toBeGreaterThan(3);
    for (const { slug, name } of buttons) expect(screens.includes(name), `${slug}: ${name}`).toBe(true);
  });
});
