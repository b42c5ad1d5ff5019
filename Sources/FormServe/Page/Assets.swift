/// The page's style and script, written here and shipped inside the binary:
/// nothing is fetched from elsewhere, no framework. The page works without
/// the script (every button is a plain POST); with it each change goes to
/// the server as it is made and the rows it changed come back.
enum Assets {
  static let style = HTTPResponse(
    status: 200,
    headers: [("Content-Type", "text/css; charset=utf-8"), ("Cache-Control", "private, max-age=3600")]
      + Security.headers.filter { $0.0 != "Cache-Control" },
    body: Array(css.utf8))

  static let script = HTTPResponse(
    status: 200,
    headers: [("Content-Type", "text/javascript; charset=utf-8"), ("Cache-Control", "private, max-age=3600")]
      + Security.headers.filter { $0.0 != "Cache-Control" },
    body: Array(js.utf8))

  static let css = """
    :root { color-scheme: light; --text: #1a1a1a; --muted: #4d4d4d; --line: #8c8c8c; --error: #a50e0e;
      --accent: #0b4fa8; --back: #ffffff; --soft: #f3f4f6; }
    * { box-sizing: border-box; }
    body { margin: 0; background: var(--back); color: var(--text);
      font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
    main { max-width: 44rem; margin: 0 auto; padding: 1.5rem 1rem 4rem; }
    h1 { font-size: 1.6rem; margin: 0 0 1rem; }
    h2 { font-size: 1.2rem; margin: 1.75rem 0 0.5rem; }
    h2.page { color: var(--muted); font-size: 1rem; font-weight: normal; margin-top: 0; }
    .section-head + .row, .row { margin: 0.9rem 0; }
    label, legend { display: block; font-weight: 600; margin-bottom: 0.25rem; }
    fieldset { border: 0; padding: 0; margin: 0; min-width: 0; }
    input[type=text], input[type=password], input[type=date], input[type=time], input[type=datetime-local],
    select, textarea { width: 100%; font: inherit; color: inherit; padding: 0.45rem 0.6rem;
      border: 1px solid var(--line); border-radius: 0.35rem; background: var(--back); }
    textarea { min-height: 6rem; resize: vertical; }
    input:focus-visible, select:focus-visible, textarea:focus-visible, button:focus-visible, a:focus-visible,
    h2:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
    .choice { display: flex; align-items: center; gap: 0.5rem; margin: 0.2rem 0; }
    .choice label { display: inline; font-weight: normal; margin: 0; }
    .segmented { display: flex; flex-wrap: wrap; }
    .segmented legend { width: 100%; }
    .segmented .choice { margin: 0; }
    .segmented .choice input { position: absolute; opacity: 0; width: 1px; height: 1px; }
    .segmented .choice label { border: 1px solid var(--line); padding: 0.35rem 0.9rem; cursor: pointer;
      margin-right: -1px; }
    .segmented .choice input:checked + label { background: var(--accent); color: #fff; border-color: var(--accent); }
    .segmented .choice input:focus-visible + label { outline: 3px solid var(--accent); outline-offset: 2px; }
    .shape-toggle { display: flex; align-items: center; gap: 0.6rem; flex-wrap: wrap; }
    .shape-toggle label { margin: 0; }
    .shape-toggle .hint, .shape-toggle .error, .shape-toggle .actions { flex-basis: 100%; }
    input[type=checkbox], input[type=radio] { width: 1.15rem; height: 1.15rem; margin: 0; accent-color: var(--accent); }
    .slider { display: flex; align-items: center; gap: 0.75rem; }
    .slider input { flex: 1; accent-color: var(--accent); }
    .slider output { min-width: 3rem; text-align: right; font-variant-numeric: tabular-nums; }
    .picker select { width: auto; margin-right: 0.5rem; }
    .card .part { display: inline-block; margin-right: 0.75rem; }
    .card .part label { font-weight: normal; }
    .card .part input { width: 12rem; }
    .hint, .detail, .held, .footer, .empty { color: var(--muted); font-size: 0.93rem; margin: 0.25rem 0 0; }
    .detail { font-weight: normal; display: block; margin: -0.2rem 0 0.25rem; }
    .hint .description, .hint .expects { display: block; }
    .error p { color: var(--error); margin: 0.25rem 0 0; font-weight: 600; }
    .error p::before { content: "⚠ "; }
    .invalid input[type=text], .invalid input[type=password], .invalid textarea, .invalid select,
    .invalid input[type=date], .invalid input[type=time], .invalid input[type=datetime-local] {
      border: 2px solid var(--error); }
    label.required::after, legend.required::after { content: " *"; color: var(--error); }
    .problems { border: 2px solid var(--error); border-radius: 0.35rem; padding: 0.5rem 1rem; margin: 1rem 0; }
    .problems h2 { margin: 0.25rem 0; font-size: 1.05rem; color: var(--error); }
    .problems a { color: var(--error); }
    #messages p { background: var(--soft); border-left: 4px solid var(--accent); padding: 0.4rem 0.75rem;
      margin: 0.5rem 0; white-space: pre-wrap; }
    .band { font: 0.9rem/1.3 ui-monospace, monospace; margin: 0.25rem 0; overflow-x: auto; }
    .buttons { display: flex; gap: 0.75rem; margin-top: 2rem; flex-wrap: wrap; }
    button { font: inherit; padding: 0.5rem 1.1rem; border-radius: 0.35rem; border: 1px solid var(--line);
      background: var(--soft); color: var(--text); cursor: pointer; }
    button.primary { background: var(--accent); border-color: var(--accent); color: #fff; }
    button.action, button.insert { padding: 0.2rem 0.7rem; font-size: 0.9rem; }
    .actions { display: flex; gap: 0.5rem; margin-top: 0.35rem; flex-wrap: wrap; }
    .row-action { width: 100%; text-align: left; }
    .disabled { opacity: 0.75; }
    .summary-page dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.2rem 1rem; margin: 0.5rem 0; }
    .summary-page dt { font-weight: 600; }
    .summary-page dd { margin: 0; }
    .sent { font-size: 1.2rem; font-weight: 600; }
    .id { color: var(--muted); font-size: 0.9rem; }
    .default-button { position: absolute; left: -10000px; width: 1px; height: 1px; overflow: hidden; }
    .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0);
      white-space: nowrap; }
    .row.bold label, .row.bold legend, .row.bold .row-action { font-weight: 800; }
    .row.dim label, .row.dim legend { color: var(--muted); font-weight: normal; }
    .row.italic label, .row.italic legend { font-style: italic; }
    .row.underline label, .row.underline legend { text-decoration: underline; }
    .row.reverse label, .row.reverse legend { background: #1a1a1a; color: #ffffff; padding: 0 0.3rem; }
    .row.align-center label, .row.align-center legend { text-align: center; }
    .row.align-right label, .row.align-right legend { text-align: right; }
    .row.color-black label, .row.color-black legend { color: #000; }
    .row.color-red label, .row.color-red legend, .row.color-bright_red label, .row.color-bright_red legend { color: #a50e0e; }
    .row.color-green label, .row.color-green legend, .row.color-bright_green label, .row.color-bright_green legend { color: #1b5e20; }
    .row.color-yellow label, .row.color-yellow legend, .row.color-bright_yellow label, .row.color-bright_yellow legend { color: #6b5000; }
    .row.color-blue label, .row.color-blue legend, .row.color-bright_blue label, .row.color-bright_blue legend { color: #0b4fa8; }
    .row.color-magenta label, .row.color-magenta legend, .row.color-bright_magenta label,
    .row.color-bright_magenta legend { color: #7b1f70; }
    .row.color-cyan label, .row.color-cyan legend, .row.color-bright_cyan label, .row.color-bright_cyan legend { color: #0b5e66; }
    .row.color-gray label, .row.color-gray legend { color: #4d4d4d; }
    .row.color-white label, .row.color-white legend, .row.color-bright_white label, .row.color-bright_white legend {
      color: #fff; background: #1a1a1a; padding: 0 0.3rem; }
    """

  static let js = """
    // formrun's page script: each change goes to the server as it is made
    // (POST /change); the server runs the handlers and checks and answers
    // with the blocks of the page that changed. Without it the page still
    // works: every button is a plain POST of the whole page.
    (function () {
      "use strict";
      // the token is in a cookie now: out of the address (history, a shared screen)
      if (/[?&]token=/.test(location.search)) { history.replaceState(null, "", "/"); }
      var form = document.getElementById("form");
      if (!form) { return; }
      var csrf = form.elements.csrf.value;
      var queue = [], waiting = {}, busy = false, timers = {};

      function rowOf(el) {
        var row = el.closest ? el.closest(".row") : null;
        return row && row.id.indexOf("row-") === 0 ? row.id.slice(4) : null;
      }

      // the row's fields as the page would post them, read when the request goes
      function fieldsOf(id) {
        var p = new URLSearchParams();
        p.append("csrf", csrf);
        p.append("row", id);
        var row = document.getElementById("row-" + id);
        if (!row) { return p; }
        row.querySelectorAll("input, select, textarea").forEach(function (el) {
          if (!el.name || el.disabled) { return; }
          if ((el.type === "checkbox" || el.type === "radio") && !el.checked) { return; }
          p.append(el.name, el.value);
        });
        return p;
      }

      function send(id) {
        if (timers[id]) { clearTimeout(timers[id]); delete timers[id]; }
        if (!waiting[id]) { waiting[id] = true; queue.push(id); }
        pump();
      }

      function later(id) {
        if (timers[id]) { clearTimeout(timers[id]); }
        timers[id] = setTimeout(function () { delete timers[id]; send(id); }, 200);
      }

      function pump() {
        if (busy || !queue.length) { return; }
        var id = queue.shift();
        delete waiting[id];
        busy = true;
        form.setAttribute("aria-busy", "true");
        fetch("/change", { method: "POST", body: fieldsOf(id), credentials: "same-origin" })
          .then(function (r) { if (!r.ok) { throw new Error(String(r.status)); } return r.json(); })
          .then(apply)
          .catch(function () { /* the page stays; a button sends every field */ })
          .then(function () {
            busy = false;
            if (!queue.length) { form.removeAttribute("aria-busy"); }
            pump();
          });
      }

      function make(html) {
        var t = document.createElement("template");
        t.innerHTML = html;
        return t.content.firstElementChild;
      }

      // a block the person is in keeps its control (and what is being typed);
      // its messages, hint, state and actions are taken from the new one
      function put(old, html) {
        var node = make(html);
        var active = document.activeElement;
        if (!old) { return node; }
        if (!active || !old.contains(active) || !active.id) { old.replaceWith(node); return node; }
        var twin = node.querySelector("#" + CSS.escape(active.id));
        if (!twin) { old.replaceWith(node); return node; }
        old.className = node.className;
        ["aria-invalid", "aria-describedby"].forEach(function (a) {
          if (twin.hasAttribute(a)) { active.setAttribute(a, twin.getAttribute(a)); } else { active.removeAttribute(a); }
        });
        [".error", ".hint", ".actions"].forEach(function (sel) {
          var a = old.querySelector(sel), b = node.querySelector(sel);
          // the errors' live region stays, its words change: a screen reader reads them
          if (a && b && sel === ".error") { if (a.innerHTML !== b.innerHTML) { a.innerHTML = b.innerHTML; } }
          else if (a && b) { a.replaceWith(b); } else if (a) { a.remove(); } else if (b) { old.appendChild(b); }
        });
        return old;
      }

      function apply(a) {
        if (a.reload) { location.assign(a.expired ? "/?expired=1" : "/"); return; }
        var rows = document.getElementById("rows");
        var fresh = {};
        a.blocks.forEach(function (b) { fresh[b[0]] = b[1]; });
        if (a.order) {
          var keep = {};
          a.order.forEach(function (id) { keep[id] = true; });
          Array.prototype.slice.call(rows.children).forEach(function (n) {
            if (!keep[n.id] && !n.contains(document.activeElement)) { n.remove(); }
          });
          var at = null;
          a.order.forEach(function (id) {
            var old = document.getElementById(id);
            var node = fresh[id] !== undefined ? put(old, fresh[id]) : old;
            if (!node) { return; }
            var next = at ? at.nextElementSibling : rows.firstElementChild;
            if (node !== next) { rows.insertBefore(node, next); }
            at = node;
          });
        } else {
          a.blocks.forEach(function (b) { var old = document.getElementById(b[0]); if (old) { put(old, b[1]); } });
        }
        if (a.messages) { document.getElementById("messages").innerHTML = a.messages; }
        var problems = document.getElementById("problems");
        if (problems) {
          if (a.problems) { put(problems, a.problems); } else { problems.remove(); }
        }
        form.elements.version.value = String(a.version);
      }

      form.addEventListener("input", function (e) {
        var el = e.target, id = rowOf(el);
        if (!id) { return; }
        if (el.type === "range") {
          var out = document.getElementById(el.id + "-out");
          if (out) { out.textContent = el.value; }
        }
        if (el.hasAttribute("data-paths")) { complete(el, id); }
        if (el.type === "text" || el.type === "password" || el.tagName === "TEXTAREA" || el.type === "range") {
          later(id);
        }
      });
      form.addEventListener("change", function (e) {
        var id = rowOf(e.target);
        if (id) { send(id); }
      });

      var completing = null;
      function complete(el, id) {
        if (completing) { clearTimeout(completing); }
        completing = setTimeout(function () {
          var q = new URLSearchParams({ row: id, text: el.value });
          fetch("/complete?" + q.toString(), { credentials: "same-origin" })
            .then(function (r) { return r.ok ? r.json() : []; })
            .then(function (paths) {
              var list = document.getElementById(el.getAttribute("list"));
              if (!list) { return; }
              list.textContent = "";
              paths.forEach(function (p) { var o = document.createElement("option"); o.value = p; list.appendChild(o); });
            })
            .catch(function () {});
        }, 150);
      }

      var first = document.querySelector("[autofocus]");
      if (first) { first.focus(); }
    })();
    """
}
