import { describe, expect, it } from 'vitest';
import { splitFrontMatter } from './frontMatter';

describe('splitFrontMatter', () => {
  it('reads the YAML between the first two --- lines and keeps the rest as the body', () => {
    expect(splitFrontMatter('---\ntitle: Zones\ntags:\n  - API\n---\n\n# Zones\n')).toEqual({
      data: { title: 'Zones', tags: ['API'] },
      body: '\n# Zones\n',
    });
  });

  it('keeps a later --- (a thematic break) in the body', () => {
    expect(splitFrontMatter('---\ntitle: A\n---\nOne\n\n---\n\nTwo\n').body).toBe('One\n\n---\n\nTwo\n');
  });

  it('reads files with Windows line ends', () => {
    expect(splitFrontMatter('---\r\ntitle: A\r\n---\r\nText\r\n')).toEqual({ data: { title: 'A' }, body: 'Text\r\n' });
  });

  it('takes a file without front matter, or with an empty one, as all body', () => {
    expect(splitFrontMatter('# Title\n---\n')).toEqual({ data: {}, body: '# Title\n---\n' });
    expect(splitFrontMatter('---\n---\nText')).toEqual({ data: {}, body: 'Text' });
  });

  it('leaves dates as written (YAML 1.2), numbers as numbers', () => {
    expect(splitFrontMatter('---\ndate: 2025-01-14\norder: 3\n---\n').data).toEqual({ date: '2025-01-14', order: 3 });
  });

  it('rejects front matter that is not a mapping, and invalid YAML', () => {
    expect(() => splitFrontMatter('---\n- a\n- b\n---\n')).toThrow('front matter must be a YAML mapping');
    expect(() => splitFrontMatter('---\ntitle: [unclosed\n---\n')).toThrow(/Flow sequence|unclosed|Missing/i);
  });
});
