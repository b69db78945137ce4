import { cleanup, render, screen } from '@testing-library/react';
import { Inbox } from 'lucide-react';
import { afterEach, describe, expect, it } from 'vitest';
import { EmptyState } from './empty-state';

afterEach(cleanup);

describe('EmptyState', () => {
  it('shows the headline and what to do next, the icon hidden from screen readers', () => {
    const { container } = render(
      <EmptyState icon={Inbox} title="No requests yet">
        They arrive from the support form.
      </EmptyState>,
    );
    expect(screen.getByText('No requests yet').tagName).toBe('P');
    expect(screen.getByText('They arrive from the support form.')).toBeTruthy();
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('shows the headline alone when there is nothing to do', () => {
    const { container } = render(<EmptyState icon={Inbox} title="No requests" />);
    expect(container.querySelectorAll('p')).toHaveLength(1);
  });
});
