import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pager } from './pager';

afterEach(cleanup);

const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

describe('Pager', () => {
  it('is not shown when everything fits on the first page', () => {
    const { container } = render(<Pager label="Pages" offset={0} limit={20} total={20} onChange={() => {}} />);
    expect(container.innerHTML).toBe('');
  });

  it('says where the reader is and moves by a page', () => {
    const onChange = vi.fn();
    render(<Pager label="Pages" offset={20} limit={20} total={45} onChange={onChange} />);
    expect(screen.getByRole('navigation', { name: 'Pages' }).textContent).toContain('21–40 of 45');
    fireEvent.click(button('Previous'));
    fireEvent.click(button('Next'));
    expect(onChange.mock.calls).toEqual([[0], [40]]);
  });

  it('cannot go before the first page or past the last', () => {
    const { rerender } = render(<Pager label="Pages" offset={0} limit={20} total={45} onChange={() => {}} />);
    expect(button('Previous').disabled).toBe(true);
    expect(button('Next').disabled).toBe(false);
    rerender(<Pager label="Pages" offset={40} limit={20} total={45} onChange={() => {}} />);
    expect(screen.getByRole('navigation').textContent).toContain('41–45 of 45');
    expect(button('Previous').disabled).toBe(false);
    expect(button('Next').disabled).toBe(true);
  });

  it('holds both buttons while another page is on its way', () => {
    render(<Pager label="Pages" offset={20} limit={20} total={45} pending onChange={() => {}} />);
    expect(screen.getByRole('navigation').textContent).toContain('Loading the page…');
    expect(button('Previous').disabled).toBe(true);
    expect(button('Next').disabled).toBe(true);
  });
});
