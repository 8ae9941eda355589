// Old participant links carried the page in the hash (`/#/public/...`, `/#/questionnaire/...`).
// They go to the same page of the public app before the staff app loads (an external file: the
// CSP allows no inline script).
(() => {
  var hash = window.location.hash;
  if (/^#\/(public|questionnaire)(\/|\?|$)/.test(hash)) {
    window.location.replace(hash.slice(1));
  }
})();
