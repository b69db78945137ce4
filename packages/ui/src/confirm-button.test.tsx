import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmButton } from './confirm-button';

afterEach(cleanup);

/** An action the test settles when it chooses. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function renderButton(action: () => Promise<unknown>, onError?: (error: unknown) => void) {
  return render(
    <ConfirmButton title="Revoke “ci”?" description="Programs using it are refused." confirm="Revoke key" action={action} onError={onError}>
      {(pending) => (pending ? 'Revoking…' : 'Revoke')}
    </ConfirmButton>,
  );
}

const trigger = () => screen.getByRole<HTMLButtonElement>('button', { name: /^Revok/ });

describe('ConfirmButton', () => {
  it('asks first, and cancelling runs nothing', () => {
    const action = vi.fn(() => Promise.resolve());
    renderButton(action);
    fireEvent.click(trigger());
    const dialog = screen.getByRole('alertdialog', { name: 'Revoke “ci”?' });
    expect(dialog.textContent).toContain('Programs using it are refused.');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(action).not.toHaveBeenCalled();
  });

  it('runs the action once confirmed, disabled and saying so until it is done', async () => {
    const run = deferred();
    const action = vi.fn(() => run.promise);
    renderButton(action);
    fireEvent.click(trigger());
    fireEvent.click(screen.getByRole('button', { name: 'Revoke key' }));
    expect(action).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(trigger().textContent).toBe('Revoking…');
    expect(trigger().disabled).toBe(true);
    await act(async () => run.resolve());
    expect(trigger().textContent).toBe('Revoke');
    expect(trigger().disabled).toBe(false);
  });

  it('ends the pending state when the action fails, and hands the failure on', async () => {
    const run = deferred();
    const onError = vi.fn();
    renderButton(() => run.promise, onError);
    fireEvent.click(trigger());
    fireEvent.click(screen.getByRole('button', { name: 'Revoke key' }));
    const failure = new Error('Forbidden');
    await act(async () => run.reject(failure));
    expect(onError).toHaveBeenCalledWith(failure);
    expect(trigger().textContent).toBe('Revoke');
    expect(trigger().disabled).toBe(false);
  });
});
