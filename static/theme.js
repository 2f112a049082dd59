/* The theme picked with the ◐ button (static/app.js), set before the page is drawn: loaded
   synchronously in <head> so there is no flash of the other theme. A file, not an inline
   script: the Content-Security-Policy allows no inline script (tally/headers.py). */
"use strict";
(function () {
  let theme = null;
  try { theme = localStorage.getItem("theme"); } catch (e) { theme = null; }  // storage may be off
  if (theme) document.documentElement.dataset.theme = theme;
})();
