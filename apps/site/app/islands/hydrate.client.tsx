// The islands' script of a pre-rendered page (decision 054), started once the page has painted (start.client.ts,
// decision 086): it hydrates the page's islands, each with the module, component and props the build wrote
// beside it, and loads no router and no other page's code.
import { createElement, startTransition, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { reportError } from '@kaja/error-reporter';
import { startSiteErrorReporting } from '../error-reporting';
import { runtimeConfig, runtimeConfigReady } from '../runtime-config';
import { IslandSlot } from './island';

// The page names where the reporter's Sentry client is (root.tsx); it is fetched on the first error only.
const addresses = document.querySelector<HTMLScriptElement>('script[data-error-reporter]')?.dataset;
startSiteErrorReporting(() => import(/* @vite-ignore */ addresses?.errorReporter ?? ''));
// A not-found page (decision 090) is served at whatever address was typed or linked: it is counted under one path,
// and the address is logged, where a look at the console shows which link is broken.
const notFound = addresses?.notFound !== undefined;
if (notFound) console.error('404 Error: User attempted to access non-existent route:', location.pathname);
// The analytics listener by its address too (decision 064): fetched after this script, it weighs nothing on the
// page's way to interactive; an import here would bring the bundler's preload helper. One that fails to load counts nothing.
void import(/* @vite-ignore */ addresses?.analytics ?? '').then(
  (listener: typeof import('../analytics')) => listener.default(runtimeConfigReady, runtimeConfig, notFound ? '/404' : location.pathname),
  () => undefined,
);

const found = [...document.querySelectorAll<HTMLElement>('[data-island]')].map((element) => ({
  element,
  module: element.dataset.module!,
  component: element.dataset.component!,
  props: JSON.parse(element.dataset.props ?? '{}') as object,
  slot: element.querySelector('[data-island-slot]') !== null,
}));

for (const { element, module, component, props, slot } of found) {
  void import(/* @vite-ignore */ module).then((exports: Record<string, ComponentType<object>>) => {
    const children = slot ? createElement(IslandSlot) : undefined;
    // As a transition the hydration yields to the browser every few milliseconds (a click or a frame goes first)
    // instead of holding the main thread for the whole island.
    startTransition(() => {
      hydrateRoot(element, createElement(exports[component]!, props, children), {
        onUncaughtError: (error) => reportError(error, 'react.root'),
        onCaughtError: (error) => reportError(error),
      });
    });
  });
}
