// The colour theme, applied before the first paint: a classic script in <head>, a file of our origin
// so that the Content-Security-Policy allows it without inline script (docs/decisions/017 and 061).
// The choice ("light", "dark" or "system", the default) is kept in localStorage under "theme"; this
// file is the one place that turns it into the `dark` class on <html>, again whenever the system
// setting changes, another tab chooses, or the dashboard announces a choice ("kaja:theme").
/* global window, document */
(function () {
  var system = window.matchMedia('(prefers-color-scheme: dark)');
  function choice() {
    try {
      var stored = localStorage.getItem('theme');
      return stored === 'light' || stored === 'dark' ? stored : 'system';
    } catch {
      // Storage refused (a privacy setting): the system's theme, as without a choice.
      return 'system';
    }
  }
  function apply() {
    var current = choice();
    document.documentElement.classList.toggle('dark', current === 'dark' || (current === 'system' && system.matches));
  }
  apply();
  system.addEventListener('change', apply);
  window.addEventListener('storage', function (event) {
    if (event.key === 'theme' || event.key === null) apply();
  });
  window.addEventListener('kaja:theme', apply);
})();
