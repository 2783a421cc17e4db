// Following a submission while it is judged: server-sent events from
// /api/v1/submissions/{id}/events/ for prompt progress, and polling of
// /api/v1/submissions/{id}/ (always, slower while the event stream is open) for the truth.

export const VERDICTS = {
  accepted: "Accepted",
  wrong_answer: "Wrong answer",
  compile_error: "Compile error",
  runtime_error: "Runtime error",
  time_limit_exceeded: "Time limit exceeded",
  memory_limit_exceeded: "Memory limit exceeded",
  output_limit_exceeded: "Output limit exceeded",
  rejected: "Rejected",
  internal_error: "Internal error",
};

const FINAL = ["done", "cancelled"];

export function describeStatus(sub) {
  if (!sub) return "Sending…";
  if (sub.status === "cancelled") return "Cancelled";
  if (sub.status === "done") return VERDICTS[sub.verdict] || sub.verdict || "Done";
  const progress = Array.isArray(sub.progress) ? sub.progress : [];
  const last = progress.length ? progress[progress.length - 1] : {};
  if (sub.status === "queued") return "Queued";
  if (sub.status === "compiling") return "Compiling";
  if (sub.status === "testing") {
    if (last.phase === "testing" && last.total) return `Test ${last.test} of ${last.total}`;
    return "Testing";
  }
  if (sub.status === "benchmarking") {
    if (last.phase === "benchmarking" && last.total)
      return `Benchmarking (case ${last.case} of ${last.total})`;
    return "Benchmarking";
  }
  return sub.status;
}

async function fetchSubmission(id) {
  const res = await fetch(`/api/v1/submissions/${id}/`, {
    headers: { Accept: "application/json" },
    credentials: "same-origin",
  });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.json();
}

// Calls onUpdate(submission) on every change and resolves with the finished submission.
export function watchSubmission(id, onUpdate) {
  return new Promise((resolve) => {
    let finished = false;
    let stream = null;
    let timer = null;
    let latest = null;

    const finish = (sub) => {
      if (finished) return;
      finished = true;
      if (stream) stream.close();
      clearTimeout(timer);
      onUpdate(sub);
      resolve(sub);
    };
    const poll = async () => {
      if (finished) return;
      try {
        const sub = await fetchSubmission(id);
        latest = sub;
        if (FINAL.includes(sub.status)) return finish(sub);
        onUpdate(sub);
      } catch (err) {
        /* transient; try again */
      }
      timer = setTimeout(poll, stream ? 2000 : 800);
    };

    if (window.EventSource) {
      try {
        stream = new EventSource(`/api/v1/submissions/${id}/events/`);
        const onProgress = (e) => {
          let data = {};
          try { data = JSON.parse(e.data); } catch (err) { return; }
          const sub = Object.assign({}, latest || { id }, data);
          const phaseStatus = { compiling: "compiling", testing: "testing", benchmarking: "benchmarking" };
          if (!data.status && phaseStatus[data.phase]) sub.status = phaseStatus[data.phase];
          if (data.phase) sub.progress = [...((latest && latest.progress) || []), data];
          if (!FINAL.includes(sub.status)) {
            latest = sub;
            onUpdate(sub);
          }
        };
        stream.addEventListener("progress", onProgress);
        stream.addEventListener("message", onProgress);
        stream.addEventListener("done", () => {
          stream.close();
          stream = null;
          clearTimeout(timer);
          poll();
        });
        stream.onerror = () => {
          if (stream) stream.close();
          stream = null;
        };
      } catch (err) {
        stream = null;
      }
    }
    poll();
  });
}

// Submission page: show live status, reload when judged so the full report renders.
export function watchSubmissionPage(el) {
  const id = el.getAttribute("data-live-submission");
  const label = el.querySelector("[data-status-text]") || el;
  watchSubmission(id, (sub) => {
    label.textContent = describeStatus(sub);
  }).then(() => window.location.reload());
}
