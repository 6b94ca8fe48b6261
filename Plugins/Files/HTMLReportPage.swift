/// The HTML report's style and script, inline in every report (no network). The script reads the
/// `parley-data` block and builds the page with DOM calls and `textContent` only, so nothing from a
/// flow or an agent is ever read as markup.
enum HTMLReportPage {
    static let style = #"""
        :root { --pass:#1a7f37; --fail:#cf222e; --flaky:#9a6700; --skip:#6e7781; --line:#d0d7de; --soft:#f6f8fa; --ink:#1f2328; --dim:#59636e; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); background: #fff; }
        main { max-width: 1100px; margin: 0 auto; padding: 16px 20px 60px; }
        h1 { font-size: 20px; margin: 4px 0 2px; }
        .meta { color: var(--dim); margin-bottom: 12px; }
        .counts { display: flex; gap: 8px; flex-wrap: wrap; margin: 8px 0 12px; }
        .count { border: 1px solid var(--line); border-radius: 6px; padding: 6px 12px; background: #fff; cursor: pointer; font: inherit; }
        .count b { font-size: 18px; display: block; }
        .count.active { outline: 2px solid #0969da; }
        .count.passed b { color: var(--pass); } .count.failed b { color: var(--fail); } .count.flaky b { color: var(--flaky); } .count.skipped b { color: var(--skip); }
        .banner { border: 1px solid var(--fail); background: #ffebe9; border-radius: 6px; padding: 8px 12px; margin: 8px 0; white-space: pre-wrap; }
        .tools { display: flex; gap: 8px; align-items: center; margin: 8px 0; }
        .tools input { flex: 1; padding: 6px 10px; border: 1px solid var(--line); border-radius: 6px; font: inherit; }
        table.rates { border-collapse: collapse; margin: 8px 0 16px; }
        table.rates td, table.rates th { border-bottom: 1px solid var(--line); padding: 4px 10px; text-align: left; }
        .flow { border: 1px solid var(--line); border-radius: 6px; margin: 6px 0; background: #fff; }
        .flow > summary { list-style: none; cursor: pointer; padding: 8px 12px; display: grid; grid-template-columns: 70px 1fr auto; gap: 4px 10px; }
        .flow > summary::-webkit-details-marker { display: none; }
        .flow[open] > summary { border-bottom: 1px solid var(--line); background: var(--soft); }
        .badge { font-size: 12px; font-weight: 600; border-radius: 10px; padding: 1px 8px; text-align: center; color: #fff; align-self: start; }
        .badge.passed { background: var(--pass); } .badge.failed { background: var(--fail); } .badge.flaky { background: var(--flaky); } .badge.skipped { background: var(--skip); }
        .name { font-weight: 600; } .path, .dur, .tag { color: var(--dim); font-size: 12px; }
        .tag { border: 1px solid var(--line); border-radius: 8px; padding: 0 6px; margin-left: 4px; }
        .why { grid-column: 2 / 4; color: var(--fail); font-family: ui-monospace, monospace; font-size: 12px; white-space: pre-wrap; }
        .body { padding: 10px 14px; }
        .failure { border-left: 3px solid var(--fail); background: #fff5f5; padding: 8px 12px; margin-bottom: 10px; font-family: ui-monospace, monospace; font-size: 12px; white-space: pre-wrap; }
        .chat { display: flex; flex-direction: column; gap: 6px; }
        .item { display: flex; gap: 8px; align-items: flex-start; }
        .item .t { color: var(--dim); font: 11px ui-monospace, monospace; min-width: 52px; padding-top: 6px; }
        .bubble { border-radius: 12px; padding: 6px 12px; max-width: 75%; white-space: pre-wrap; }
        .user { justify-content: flex-end; } .user .bubble { background: #0969da; color: #fff; order: 1; } .user .t { order: 2; }
        .agent .bubble { background: var(--soft); border: 1px solid var(--line); }
        .human .bubble { background: #fff8c5; border: 1px solid #d4a72c; }
        .who { display: block; font-size: 11px; color: var(--dim); }
        .user .who { color: #dbe9ff; }
        .chips { display: flex; gap: 6px; flex-wrap: wrap; margin-top: 6px; }
        .chip { border: 1px solid #0969da; color: #0969da; border-radius: 12px; padding: 1px 10px; font-size: 12px; background: #fff; }
        .chip.pressed { background: #0969da; color: #fff; }
        .event { color: var(--dim); font-size: 12px; padding: 2px 0; }
        .event.handoff { color: #8250df; font-weight: 600; }
        .event.error { color: var(--fail); }
        .step { font-size: 12px; font-family: ui-monospace, monospace; padding: 2px 8px; border-left: 3px solid var(--line); }
        .step.passed { border-color: var(--pass); } .step.failed { border-color: var(--fail); background: #fff5f5; } .step.flaky { border-color: var(--flaky); }
        .lat { color: var(--dim); margin-left: 8px; }
        details.tool { border: 1px solid var(--line); border-radius: 8px; background: #fbfbfc; max-width: 75%; }
        details.tool > summary { cursor: pointer; padding: 4px 10px; font-size: 12px; }
        pre { margin: 0; padding: 6px 10px; font-size: 12px; white-space: pre-wrap; word-break: break-word; }
        .card { border: 1px solid var(--line); border-radius: 10px; padding: 8px 12px; max-width: 75%; background: #fff; }
        .card h4 { margin: 0 0 4px; } .card .sub { color: var(--dim); font-size: 12px; }
        .field { display: grid; grid-template-columns: 160px 1fr; gap: 6px; font-size: 13px; padding: 2px 0; }
        .field .v { font-family: ui-monospace, monospace; } .field .v.empty { color: var(--dim); font-family: inherit; }
        .more { text-align: center; color: var(--dim); padding: 10px; }
        """#

    static let script = #"""
        (function () {
          "use strict";
          const data = JSON.parse(document.getElementById("parley-data").textContent);
          const report = data.report, transcripts = data.transcripts || {};
          const app = document.getElementById("app");
          const order = { failed: 0, flaky: 1, skipped: 2, passed: 3 };
          const flows = report.flows.map((flow, index) => ({ flow, index }))
            .sort((a, b) => (order[a.flow.outcome] - order[b.flow.outcome]) || (a.index - b.index));
          const state = { filter: "all", query: "", shown: 0, list: [] };
          const hash = decodeURIComponent(location.hash.slice(1));
          const BATCH = 100;

          function el(tag, cls, ...children) {
            const node = document.createElement(tag);
            if (cls) node.className = cls;
            for (const child of children) {
              if (child === null || child === undefined || child === false) continue;
              node.append(child instanceof Node ? child : String(child));
            }
            return node;
          }
          function secs(value) {
            if (typeof value !== "number") return "";
            return value < 1 ? Math.round(value * 1000) + " ms" : value.toFixed(value < 10 ? 2 : 1) + " s";
          }
          function json(value) { return JSON.stringify(value, null, 2); }
          function text(value) {
            if (value === null || value === undefined) return "";
            return typeof value === "string" ? value : JSON.stringify(value);
          }
          function latencies(latency) {
            if (!latency) return null;
            const names = { first_token: "first token", reply_complete: "reply", run_finished: "run" };
            const parts = Object.keys(names).filter(k => typeof latency[k] === "number").map(k => names[k] + " " + secs(latency[k]));
            return parts.length ? el("span", "lat", parts.join(" · ")) : null;
          }

          function header() {
            const c = report.counts;
            app.append(el("h1", null, "Parley report"));
            const when = new Date(report.started_at);
            app.append(el("div", "meta", "Started " + when.toLocaleString() + " · took " + secs(report.duration) + " · " + c.total + " flow runs"));
            if (report.interrupted) app.append(el("div", "banner", "The run was interrupted: flows that had not finished are reported as they stood."));
            for (const failure of report.plugin_failures || []) app.append(el("div", "banner", "plugin failed: " + failure));
            for (const d of report.delivery_failures || []) app.append(el("div", "banner", d.plugin + ": " + (d.method || "POST") + " " + d.url + " was lost after " + d.attempts + " attempts: " + d.reason));
            const counts = el("div", "counts");
            for (const [key, label] of [["all", "total"], ["passed", "passed"], ["flaky", "flaky"], ["failed", "failed"], ["skipped", "skipped"]]) {
              const button = el("button", "count " + key, el("b", null, key === "all" ? c.total : c[key]), label);
              button.dataset.filter = key;
              button.addEventListener("click", () => { state.filter = key; refresh(); });
              counts.append(button);
            }
            app.append(counts);
            if (report.pass_rates && report.pass_rates.length) app.append(rates(report.pass_rates));
            const search = el("input");
            search.type = "search";
            search.placeholder = "Search names, paths, tags, failures, messages…";
            search.id = "search";
            search.addEventListener("input", () => { state.query = search.value.toLowerCase(); refresh(); });
            app.append(el("div", "tools", search));
          }

          function rates(list) {
            const table = el("table", "rates");
            table.append(el("tr", null, el("th", null, "flow"), el("th", null, "runs"), el("th", null, "pass rate"),
              el("th", null, "duration p50 / p95"), el("th", null, "first token p50 / p95"), el("th", null, "reply p50 / p95")));
            const pair = s => s ? secs(s.p50) + " / " + secs(s.p95) : "";
            for (const r of list) {
              const l = r.latency || {};
              table.append(el("tr", "rate", el("td", null, r.name), el("td", null, r.runs), el("td", null, Math.round(r.rate * 1000) / 10 + "%"),
                el("td", null, pair(r.duration)), el("td", null, pair(l.first_token)), el("td", null, pair(l.reply_complete))));
            }
            return table;
          }

          function matches(entry) {
            const flow = entry.flow;
            if (state.filter !== "all" && flow.outcome !== state.filter) return false;
            if (!state.query) return true;
            const hay = [flow.name, flow.path, (flow.tags || []).join(" "), flow.failure ? flow.failure.message : "", flow.reason || ""].join("\n").toLowerCase();
            if (hay.includes(state.query)) return true;
            return (transcripts[flow.id] || []).some(line => JSON.stringify(line.fields || line.text || "").toLowerCase().includes(state.query));
          }

          const list = el("div", "flows");
          list.id = "flows";
          const more = el("div", "more");
          const observer = "IntersectionObserver" in window ? new IntersectionObserver(es => { if (es.some(e => e.isIntersecting)) showMore(); }) : null;

          function refresh() {
            for (const button of app.querySelectorAll(".count")) button.classList.toggle("active", button.dataset.filter === state.filter);
            state.list = flows.filter(matches);
            state.shown = 0;
            openFailures.count = 0;
            list.replaceChildren();
            showMore();
          }

          function showMore() {
            const next = state.list.slice(state.shown, state.shown + BATCH);
            for (const entry of next) list.append(row(entry));
            state.shown += next.length;
            more.textContent = state.shown < state.list.length ? "Showing " + state.shown + " of " + state.list.length + " — scroll for more" :
              (state.list.length ? "" : "No flow matches.");
          }

          function row(entry) {
            const flow = entry.flow;
            const details = el("details", "flow " + flow.outcome);
            details.id = "flow-" + flow.id;
            details.dataset.outcome = flow.outcome;
            const tags = (flow.tags || []).map(t => el("span", "tag", t));
            const summary = el("summary", null, el("span", "badge " + flow.outcome, flow.outcome),
              el("span", null, el("span", "name", flow.name), " ", el("span", "path", flow.location), ...tags),
              el("span", "dur", secs(flow.duration)));
            if (flow.failure) summary.append(el("span", "why", flow.failure.location + ": " + flow.failure.message));
            if (flow.reason) summary.append(el("span", "why", "skipped: " + flow.reason));
            details.append(summary);
            let drawn = false;
            details.addEventListener("toggle", () => {
              if (details.open && !drawn) { drawn = true; details.append(body(flow)); }
            });
            const open = hash === "all" || hash === "flow-" + flow.id || (flow.outcome === "failed" && openFailures.count++ < 20);
            if (open) details.open = true;
            return details;
          }
          const openFailures = { count: 0 };

          function body(flow) {
            const box = el("div", "body");
            if (flow.failure) {
              const f = flow.failure;
              box.append(el("div", "failure", f.location + "\n" + f.message + (f.waited ? "\n(waited " + secs(f.waited) + ", " + f.cause + ")" : "")));
            }
            const lines = transcripts[flow.id];
            if (!lines || !lines.length) {
              box.append(el("div", "event", "No transcript for this flow run."));
              for (const step of flow.steps || []) box.append(stepLine(step));
              return box;
            }
            box.append(Chat(lines));
            return box;
          }

          function stepLine(step, time) {
            const icon = { passed: "✓", failed: "✗", flaky: "~", skipped: "-" }[step.outcome] || "?";
            const node = el("div", "step " + step.outcome, "  ".repeat(step.depth || 0) + icon + " " + step.summary + "  ", el("span", "path", step.location), latencies(step.latency));
            if (step.failure) node.append(el("div", null, step.failure.message));
            // similar/judge decisions: score against threshold, the model, and the judge's reason.
            for (const check of step.meaning || []) {
              const score = typeof check.score === "number" ? check.score.toFixed(2) : "no score";
              const bar = typeof check.threshold === "number" ? " (threshold " + check.threshold.toFixed(2) + ")" : "";
              const parts = [(check.passed ? "✓ " : "✗ ") + check.matcher + " " + score + bar, check.model ? "model " + check.model : null, check.reason].filter(Boolean);
              node.append(el("div", "lat", parts.join(" · ") + " — " + JSON.stringify(check.against)));
            }
            return node;
          }

          // One flow run's transcript lines drawn as the conversation the user had.
          function Chat(lines) {
            const chat = el("div", "chat");
            const messages = {}, tools = {}, labels = {};
            const add = (time, node, cls) => {
              const item = el("div", "item " + (cls || ""), el("span", "t", typeof time === "number" ? time.toFixed(3) : ""), node);
              chat.append(item);
              return item;
            };
            const event = (time, words, cls) => add(time, el("div", "event " + (cls || ""), words));
            for (const line of lines) {
              const f = line.fields || {};
              if (line.type === "user_action") {
                switch (line.action) {
                  case "send": add(line.time, el("div", "bubble", el("span", "who", "user"), f.text), "user"); break;
                  case "tap": add(line.time, el("div", "bubble", el("span", "who", "user tapped"), f.suggestion), "user"); break;
                  case "submit": press(f.form_id, f.button, f.values); add(line.time, el("div", "bubble", el("span", "who", "user submitted"), f.form_id), "user"); break;
                  case "click": press(f.message_id, f.element_id); add(line.time, el("div", "bubble", el("span", "who", "user pressed"), f.element_id + " on " + f.message_id), "user"); break;
                  case "schedule": press(f.message_id, null, null, f.slot); add(line.time, el("div", "bubble", el("span", "who", "user picked a slot"), f.slot), "user"); break;
                  case "respond_tool": add(line.time, tool("tool result from the user: " + f.name, f.result), "user"); break;
                  case "resume": add(line.time, el("div", "bubble", el("span", "who", "user resumed"), f.decision + (f.payload ? " " + text(f.payload) : "")), "user"); break;
                  default: event(line.time, "user: " + line.action);
                }
              } else if (line.type === "agent_event") {
                agentEvent(line, f);
              } else if (line.type === "step_finished") {
                add(line.time, stepLine(Object.assign({}, line.step, { outcome: line.outcome, failure: line.failure, latency: line.latency, meaning: line.meaning })));
              } else if (line.type === "log") {
                event(line.time, "log: " + line.text);
              }
            }

            function agentEvent(line, f) {
              switch (line.kind) {
                case "text_start": case "text_delta": case "text_end": case "tool_call_start": case "tool_call_args": case "tool_call_end": case "card_start": case "card_end":
                  return; // streamed parts: the assembled reply, tool call or card follows
                case "reply": {
                  const who = f.from === "live" ? "human" : "agent";
                  const bubble = el("div", "bubble", el("span", "who", (f.agent || f.from || "agent")), f.text);
                  if (f.suggestions && f.suggestions.length) bubble.append(el("div", "chips", ...f.suggestions.map(s => el("span", "chip", s))));
                  if (f.attachments && f.attachments.length) bubble.append(el("div", "chips", ...f.attachments.map(a => el("span", "chip", "📎 " + (a.name || a.title || a.url || text(a))))));
                  if (f.call_actions && f.call_actions.length) bubble.append(el("div", "chips", ...f.call_actions.map(a => el("span", "chip", a.title || a.label || text(a)))));
                  add(line.time, bubble, who);
                  return;
                }
                case "tool_call": tools[f.id] = add(line.time, tool("tool call: " + (f.display_name || f.name), f.args), "agent").lastChild; return;
                case "tool_result": {
                  const call = tools[f.id];
                  if (call) { call.append(el("pre", null, "result:\n" + json(f.content))); return; }
                  add(line.time, tool("tool result: " + (f.name || f.id), f.content), "agent");
                  return;
                }
                case "card": add(line.time, card(f), "agent"); return;
                case "interactive": add(line.time, interactive(f), "agent"); return;
                case "agentic_message": {
                  if (f.type === "assistant") add(line.time, el("div", "bubble", el("span", "who", f.sender || "agent"), f.text || ""), "agent");
                  else add(line.time, tool(f.type + " message", f.tool_calls || f.text || f), "agent");
                  return;
                }
                case "handoff": {
                  const bits = [f.stage, f.queue && "queue " + f.queue, typeof f.queue_position === "number" && "position " + f.queue_position, f.agent && "agent " + f.agent, f.reason && "(" + f.reason + ")"].filter(Boolean);
                  event(line.time, "handoff: " + bits.join(" · "), "handoff");
                  return;
                }
                case "run_started": event(line.time, "run started"); return;
                case "run_finished": event(line.time, "run finished" + (f.outcome ? ": " + f.outcome : "")); return;
                case "turn_ended": event(line.time, "turn ended"); return;
                case "run_error": event(line.time, "run error: " + text(f.message) + (f.code ? " (" + f.code + ")" : ""), "error"); return;
                case "protocol_warning": event(line.time, "protocol warning: " + text(f.message), "error"); return;
                case "typing": event(line.time, (f.who || "agent") + " typing " + (f.state || "")); return;
                case "connection": event(line.time, "connection " + f.state + (f.attempt ? " (attempt " + f.attempt + ")" : "") + (f.reason ? ": " + f.reason : "")); return;
                case "goal_completed": mark(f.id, "goal completed"); event(line.time, "goal completed: " + f.id + (f.source ? " (" + f.source + ")" : "")); return;
                case "system": event(line.time, "system: " + text(f.text)); return;
                case "action": event(line.time, "action " + (f.type || "") + " " + (f.url || "") + (f.status ? " → " + f.status : "") + (f.error ? " ✗ " + f.error : "")); return;
                default: {
                  const rest = Object.keys(f).length ? " " + JSON.stringify(f) : "";
                  event(line.time, line.kind.replace(/_/g, " ") + rest);
                }
              }
            }

            function tool(title, value) {
              const box = el("details", "tool", el("summary", null, title));
              box.append(el("pre", null, value === undefined ? "" : json(value)));
              return box;
            }

            function button(id, label) {
              const chip = el("span", "chip", label || id);
              chip.dataset.element = id;
              return chip;
            }

            function card(f) {
              const box = el("div", "card", el("h4", null, text(f.title || "card")));
              for (const part of f.body || []) {
                if (part.type === "text" && part.content !== f.title) box.append(el("div", null, text(part.content)));
                else if (part.type === "button") box.append(el("div", "chips", button(part.id, part.label)));
                else if (part.type === "image") box.append(el("div", "sub", "[image " + text(part.url || part.src || "") + "]"));
                else if (part.type !== "text") box.append(el("div", "sub", part.type + " " + JSON.stringify(part)));
              }
              if (f.actions && f.actions.length) box.append(el("div", "chips", ...f.actions.map(a => button(a.id, a.label || a.title))));
              messages[f.id] = box;
              return box;
            }

            function interactive(f) {
              const d = f.data || {};
              const box = el("div", "card", el("h4", null, text(f.title || d.title || f.kind)));
              box.dataset.kind = f.kind;
              if (d.subtitle) box.append(el("div", "sub", d.subtitle));
              if (d.text) box.append(el("div", null, d.text));
              if (d.imageUrl) box.append(el("div", "sub", "[image " + d.imageUrl + "]"));
              for (const field of d.formFields || []) {
                const options = (field.options || []).map(o => o.label + " (" + o.value + ")").join(", ");
                const value = el("span", "v empty", options ? "options: " + options : "(empty)");
                value.dataset.field = field.elementId;
                labels[field.elementId] = {};
                for (const o of field.options || []) labels[field.elementId][o.value] = o.label;
                box.append(el("div", "field", el("span", null, (field.label || field.elementId) + (field.optional ? "" : " *")), value));
              }
              if (d.availability) box.append(el("div", "sub", "available: " + Object.keys(d.availability).map(k => k + " " + d.availability[k].join(", ")).join("; ") + (d.timezone ? " (" + d.timezone + ")" : "")));
              const buttons = [];
              if (d.submitElement) buttons.push(button(d.submitElement.elementId, d.submitElement.buttonText));
              if (d.scheduleElement) buttons.push(button(d.scheduleElement.elementId, d.scheduleElement.buttonText));
              for (const a of d.cardActions || []) buttons.push(button(a.elementId, a.buttonText));
              if (buttons.length) box.append(el("div", "chips", ...buttons));
              messages[f.id] = box;
              return box;
            }

            // What the user filled or pressed, shown on the message it was done to.
            function press(id, element, values, slot) {
              const box = messages[id];
              if (!box) return;
              if (values) for (const key of Object.keys(values)) {
                const cell = box.querySelector('[data-field="' + CSS.escape(key) + '"]');
                const named = labels[key] || {}, value = values[key];
                const shown = Array.isArray(value) ? value.map(v => named[v] || text(v)).join(", ") : (named[value] || text(value));
                if (cell) { cell.textContent = shown; cell.classList.remove("empty"); }
              }
              if (slot) box.append(el("div", "field", el("span", null, "slot picked"), el("span", "v", slot)));
              for (const chip of box.querySelectorAll(".chip")) {
                if (chip.dataset.element === element || (slot && box.dataset.kind === "scheduler")) chip.classList.add("pressed");
              }
            }

            function mark(id, words) {
              const box = messages[id];
              if (box) box.append(el("div", "sub", "✓ " + words));
            }
            return chat;
          }

          header();
          app.append(list, more);
          if (observer) observer.observe(more);
          refresh();
          if (hash.startsWith("flow-")) { const target = document.getElementById(hash); if (target) target.scrollIntoView(); }
          document.body.dataset.ready = "true";
        })();
        """#
}
