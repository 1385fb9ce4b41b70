// The html page's one script, and its hash for the page's Content-Security-Policy.
import { createHash } from 'node:crypto';

/** The page's one script: filter, expand/collapse, and opening a folder a bar links to. */
export const SCRIPT = `(function () {
  var folders = Array.prototype.slice.call(document.querySelectorAll('details.folder'));
  var files = Array.prototype.slice.call(document.querySelectorAll('.file'));
  var filter = document.getElementById('filter');
  var count = document.getElementById('filter-count');
  function openTarget() {
    var id = location.hash.slice(1);
    var el = id && document.getElementById(id);
    if (el && el.tagName === 'DETAILS') { el.open = true; el.scrollIntoView({ block: 'start' }); }
  }
  window.addEventListener('hashchange', openTarget);
  openTarget();
  function setAll(open) { folders.forEach(function (d) { if (!d.hidden) d.open = open; }); }
  var expand = document.getElementById('expand-all');
  var collapse = document.getElementById('collapse-all');
  if (expand) expand.addEventListener('click', function () { setAll(true); });
  if (collapse) collapse.addEventListener('click', function () { setAll(false); });
  var timer = 0;
  function apply() {
    var q = filter.value.trim().toLowerCase();
    var shown = 0;
    files.forEach(function (f) {
      var hit = !q || f.getAttribute('data-path').toLowerCase().indexOf(q) >= 0;
      f.hidden = !hit;
      if (hit) shown++;
    });
    folders.forEach(function (d) { d.hidden = !d.querySelector('.file:not([hidden])'); });
    count.textContent = q ? shown + ' of ' + files.length + ' files' : '';
  }
  if (filter) filter.addEventListener('input', function () { clearTimeout(timer); timer = setTimeout(apply, 120); });
})();`;

/** The script's hash, the one script the page's Content-Security-Policy allows. */
export const SCRIPT_HASH = createHash('sha256').update(SCRIPT, 'utf8').digest('base64');
