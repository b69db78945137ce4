import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver whose rules (and the schema library behind them) are fetched when first needed
 * rather than with the screen: `preload` when the person starts on the form, so that validating on
 * submit does not wait. A failed fetch is tried again on the next validation.
 */
export function lazyResolver<TValues extends FieldValues>(load: () => Promise<Resolver<TValues>>) {
  let loading: Promise<Resolver<TValues>> | undefined;
  const preload = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const resolver: Resolver<TValues> = async (values, context, options) => (await preload())(values, context, options);
  return { resolver, preload: () => void preload().catch(() => undefined) };
}
