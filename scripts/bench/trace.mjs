// The page's main-thread tasks from a Chromium trace, measured in CPU time (a trace's `tdur`), which a loaded
// machine does not stretch as it does wall time, each named by the work inside it (a GC, a layout, a structured
// clone, a script's function…).

export const TRACE_CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8", "blink"];

/** Events that only wrap the work inside them: a task is named by what they contain. */
const WRAPPERS = new Set([
	"RunTask",
	"ThreadControllerImpl::RunTask",
	"v8.callFunction",
	"v8.run",
	"AsyncTask Run",
	"AsyncTask Scheduled",
	"WebFrameWidgetImpl::BeginMainFrame",
	"Blink.Animate.UpdateTime",
	"PageAnimator::serviceScriptedAnimations",
	"FrameRequestCallbackCollection::ExecuteFrameCallbacks",
	"FireAnimationFrame",
	"MessagePort::Accept",
	"TimerBase::run",
	"TimerFire",
	"V8.GC_MARK_COMPACTOR",
	"V8.GCFinalizeMC",
	"V8.GCScavenger",
	"V8.GC_SCAVENGER",
	"LocalFrameView::RunStyleAndLayoutLifecyclePhases",
	"WebFrameWidgetImpl::UpdateLifecycle",
	"LocalFrameView::UpdateStyleAndLayout",
	"Blink.Layout.UpdateTime",
]);

function describe(event) {
	const data = event.args?.data;
	if (event.name === "FunctionCall" && data)
		return `FunctionCall ${data.functionName || "(anonymous)"} ${String(data.url ?? "")
			.split("/")
			.pop()}`;
	return event.name;
}

/**
 * The main thread's tasks (the renderer main thread busiest in the trace) from `start` (a trace timestamp, µs)
 * on: `{ cpu, wall, label }` in ms, largest CPU first, and the CPU time of them all.
 */
export function mainThreadTasks(events, start = 0) {
	const threadNames = new Map();
	for (const event of events) if (event.name === "thread_name") threadNames.set(`${event.pid}:${event.tid}`, event.args.name);
	const key = (event) => `${event.pid}:${event.tid}`;
	const tasks = events.filter((event) => event.name === "RunTask" && event.ph === "X" && event.ts >= start && threadNames.get(key(event)) === "CrRendererMain");
	const busy = new Map();
	for (const task of tasks) busy.set(key(task), (busy.get(key(task)) ?? 0) + (task.tdur ?? 0));
	const main = [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
	const mine = tasks.filter((task) => key(task) === main).sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0));
	const inside = events.filter((event) => event.ph === "X" && key(event) === main && !WRAPPERS.has(event.name));
	const named = mine.slice(0, 12).map((task) => {
		const parts = new Map();
		for (const event of inside)
			if (event !== task && event.ts >= task.ts && event.ts + (event.dur ?? 0) <= task.ts + task.dur)
				parts.set(describe(event), (parts.get(describe(event)) ?? 0) + (event.dur ?? 0));
		const label = [...parts]
			.sort((a, b) => b[1] - a[1])
			.slice(0, 3)
			.map(([name, dur]) => `${name} ${Math.round(dur / 1000)}`)
			.join(", ");
		return { cpu: (task.tdur ?? 0) / 1000, wall: task.dur / 1000, label: label || "(no trace events inside: microtasks)" };
	});
	return { tasks: named, count: mine.length, cpu: mine.reduce((sum, task) => sum + (task.tdur ?? 0), 0) / 1000 };
}

/**
 * The main thread's time by kind of work (self time: an event's duration less the events inside it), from `start`
 * on: `[name, ms]`, largest first. Names as `mainThreadTasks` gives them (a layout, a style recalculation, a GC…).
 */
export function mainThreadSelfTimes(events, start = 0) {
	const threadNames = new Map();
	for (const event of events) if (event.name === "thread_name") threadNames.set(`${event.pid}:${event.tid}`, event.args.name);
	const key = (event) => `${event.pid}:${event.tid}`;
	const busy = new Map();
	for (const event of events)
		if (event.name === "RunTask" && event.ph === "X" && event.ts >= start && threadNames.get(key(event)) === "CrRendererMain")
			busy.set(key(event), (busy.get(key(event)) ?? 0) + (event.tdur ?? 0));
	const main = [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
	const mine = events.filter((event) => event.ph === "X" && key(event) === main && event.ts >= start).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
	const self = new Map();
	const stack = [];
	const close = (until) => {
		while (stack.length && stack.at(-1).end <= until) {
			const done = stack.pop();
			self.set(done.name, (self.get(done.name) ?? 0) + Math.max(0, done.dur - done.inner) / 1000);
		}
	};
	for (const event of mine) {
		close(event.ts);
		const dur = event.dur ?? 0;
		if (stack.length) stack.at(-1).inner += dur;
		stack.push({ name: describe(event), end: event.ts + dur, dur, inner: 0 });
	}
	close(Number.POSITIVE_INFINITY);
	return [...self].sort((a, b) => b[1] - a[1]);
}
