import { useLayoutEffect, useRef } from "react";
import "./transcript.css";

/** A running tool's output so far, under its call, kept scrolled to its end; the result replaces it. */
export function ToolOutput({ name, text }: { name?: string; text: string }) {
	const ref = useRef<HTMLPreElement>(null);
	useLayoutEffect(() => {
		const element = ref.current;
		if (element) element.scrollTop = element.scrollHeight;
	}, [text]);
	return (
		<pre ref={ref} className="tool-output" role="log" aria-label={`Output of ${name ?? "the tool"} so far`}>
			{text || "Running…"}
		</pre>
	);
}
