/** Inline stylesheet of the HTML report (no external URLs). */
export const REPORT_CSS = `
:root { --fg:#1d2330; --muted:#5b6475; --line:#dde2ea; --bg:#f6f7fa; --card:#fff; --accent:#0072B2; }
* { box-sizing: border-box; }
body { margin:0; font:14px/1.5 system-ui,-apple-system,"Segoe UI","Noto Sans","Noto Sans CJK SC","PingFang SC",sans-serif; color:var(--fg); background:var(--bg); }
main { max-width:1100px; margin:0 auto; padding:24px; }
h1 { font-size:22px; margin:0 0 4px; } h2 { font-size:17px; margin:0 0 12px; }
.subtitle { color:var(--muted); margin:0 0 20px; }
section { background:var(--card); border:1px solid var(--line); border-radius:8px; padding:16px 20px; margin:0 0 18px; }
table { border-collapse:collapse; width:100%; font-variant-numeric:tabular-nums; }
th, td { text-align:right; padding:5px 8px; border-bottom:1px solid var(--line); white-space:nowrap; }
th:nth-child(2), td:nth-child(2) { text-align:left; white-space:normal; }
.usage-table th:nth-child(-n+3), .usage-table td:nth-child(-n+3) { text-align:left; }
th { color:var(--muted); font-weight:600; font-size:12px; }
tbody tr:hover { background:#f0f4fa; }
.chart { width:100%; max-width:760px; height:auto; display:block; }
.chart .grid { stroke:#e6e9ef; stroke-width:1; } .chart .tick { font-size:11px; fill:var(--muted); }
.chart .axis { font-size:12px; fill:var(--fg); } .chart .bar-label { font-size:12px; fill:var(--fg); }
.legend { display:flex; flex-wrap:wrap; gap:6px 16px; margin:6px 0 0; font-size:12px; }
.legend-item { display:inline-flex; align-items:center; gap:6px; } .swatch { width:12px; height:12px; border-radius:2px; display:inline-block; }
.charts { display:grid; grid-template-columns:repeat(auto-fit,minmax(420px,1fr)); gap:12px; }
.note { color:var(--muted); font-size:12px; }
.viewer-controls { display:flex; flex-wrap:wrap; gap:8px; align-items:center; margin-bottom:12px; }
select, button { font:inherit; padding:4px 8px; border:1px solid var(--line); border-radius:6px; background:#fff; }
button { cursor:pointer; }
.transcript header { display:flex; flex-wrap:wrap; align-items:center; gap:12px; margin-bottom:10px; color:var(--muted); }
.message { border-radius:8px; padding:8px 12px; margin:6px 0; max-width:85%; }
.message .who { font-size:12px; color:var(--muted); margin-bottom:2px; }
.message .text { white-space:pre-wrap; overflow-wrap:anywhere; }
.message.user { background:#eef3fb; border:1px solid #d6e2f5; }
.message.assistant { background:#f3f8f1; border:1px solid #d9ead3; margin-left:auto; }
.message.error { background:#fdeeee; border:1px solid #f3c2c2; }
.emotion { font-weight:600; color:var(--fg); }
.delta { font-weight:600; } .delta.up { color:#1a7f37; } .delta.down { color:#b42318; }
.chip { display:inline-block; font-size:11px; padding:0 6px; margin-left:4px; border-radius:10px; background:#e8e3f3; color:#4b3c78; }
details.thoughts summary { cursor:pointer; color:var(--muted); font-size:12px; }
details.thoughts .text { font-size:12px; color:var(--muted); }
pre { white-space:pre-wrap; overflow-wrap:anywhere; font-size:12px; background:var(--bg); padding:8px; border-radius:6px; }
.sparkline { background:var(--bg); border:1px solid var(--line); border-radius:4px; }
.chip.degenerate { background:#fdeeee; color:#7a1f1f; }
.warning { background:#fdeeee; border:1px solid #f3c2c2; border-radius:6px; padding:8px 12px; color:#7a1f1f; }
.transcript-index { max-height:260px; overflow:auto; margin-bottom:12px; border:1px solid var(--line); border-radius:6px; }
.transcript-index tr { cursor:pointer; } .transcript-index tr.selected { background:#e3edf9; }
.step-chart { margin:0; } .step-chart figcaption { font-weight:600; margin-bottom:4px; }
.chart .series-line { vector-effect:non-scaling-stroke; }
input[type=range] { width:200px; }
.badge { display:inline-block; font-size:11px; padding:1px 6px; border-radius:4px; background:#fff4d6; color:#7a5300; }
`;

/** Inline script of the transcript viewer: filter by outcome, pick a run and a dialogue; no network, no eval. */
export const REPORT_SCRIPT = `
(function () {
  var runSelect = document.getElementById('run-select');
  if (!runSelect) return;
  var outcomeFilter = document.getElementById('outcome-filter');
  var articles = Array.prototype.slice.call(document.querySelectorAll('article.transcript'));
  var rows = Array.prototype.slice.call(document.querySelectorAll('tr.transcript-row'));
  var episodeSelects = Array.prototype.slice.call(document.querySelectorAll('select.episode-select'));
  function wanted(outcome) { return outcomeFilter.value === 'all' || outcome === outcomeFilter.value; }
  function currentEpisodeSelect() {
    for (var i = 0; i < episodeSelects.length; i += 1) {
      if (episodeSelects[i].getAttribute('data-run') === runSelect.value) return episodeSelects[i];
    }
    return null;
  }
  function visibleOptions(select) {
    return Array.prototype.slice.call(select.options).filter(function (option) { return !option.hidden; });
  }
  function refresh() {
    rows.forEach(function (row) { row.hidden = !wanted(row.getAttribute('data-outcome')); });
    episodeSelects.forEach(function (select) {
      Array.prototype.slice.call(select.options).forEach(function (option) {
        option.hidden = !wanted(option.getAttribute('data-outcome'));
        option.disabled = option.hidden;
      });
    });
    var episodeSelect = currentEpisodeSelect();
    episodeSelects.forEach(function (select) { select.hidden = select !== episodeSelect; });
    if (episodeSelect && episodeSelect.selectedOptions[0] && episodeSelect.selectedOptions[0].hidden) {
      var first = visibleOptions(episodeSelect)[0];
      if (first) episodeSelect.value = first.value;
    }
    var option = episodeSelect && episodeSelect.selectedOptions[0];
    var episode = option && !option.hidden ? option.value : '';
    articles.forEach(function (article) {
      article.hidden = !(article.getAttribute('data-run') === runSelect.value && article.getAttribute('data-episode') === episode);
    });
    rows.forEach(function (row) {
      row.classList.toggle('selected', row.getAttribute('data-run') === runSelect.value && row.getAttribute('data-episode') === episode);
    });
  }
  function step(offset) {
    var episodeSelect = currentEpisodeSelect();
    if (!episodeSelect) return;
    var options = visibleOptions(episodeSelect);
    var index = options.indexOf(episodeSelect.selectedOptions[0]) + offset;
    if (index < 0 || index >= options.length) return;
    episodeSelect.value = options[index].value;
    refresh();
  }
  runSelect.addEventListener('change', refresh);
  outcomeFilter.addEventListener('change', refresh);
  episodeSelects.forEach(function (select) { select.addEventListener('change', refresh); });
  document.getElementById('previous-episode').addEventListener('click', function () { step(-1); });
  document.getElementById('next-episode').addEventListener('click', function () { step(1); });
  rows.forEach(function (row) {
    row.addEventListener('click', function () {
      runSelect.value = row.getAttribute('data-run');
      var select = currentEpisodeSelect();
      if (select) select.value = row.getAttribute('data-episode');
      refresh();
    });
  });
  Array.prototype.slice.call(document.querySelectorAll('[data-show-run]')).forEach(function (link) {
    link.addEventListener('click', function (event) {
      event.preventDefault();
      runSelect.value = link.getAttribute('data-show-run');
      refresh();
      document.getElementById('transcripts').scrollIntoView();
    });
  });
  refresh();
})();
`;
