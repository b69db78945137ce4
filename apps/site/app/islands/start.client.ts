// The only script a pre-rendered page fetches while it loads (decision 086). The page is complete as built, so
// its islands' script is fetched only once the page has painted: on a slow connection the islands' modules
// (about 90 KB gzipped) do not share the bandwidth with the document and the stylesheet, and the first paint
// waits neither for them to arrive nor for them to run. That script imports each island's module in turn.
import { afterFirstPaint } from './first-paint';

const hydrate = document.querySelector<HTMLScriptElement>('script[data-hydrate]')!.dataset.hydrate!;
afterFirstPaint(() => void import(/* @vite-ignore */ hydrate));
