/** The editor's problems: TypeScript's and the runtime's, each a button that opens its file at its line. */
import type { Problem } from "./language.ts";
import { visibleText } from "../../protocol/visible-text.ts";
import "./editor.css";

export function ProblemsList({ problems, onOpen }: { problems: Problem[]; onOpen(problem: Problem): void }) {
	return (
		<section className="problems" aria-label="Problems">
			<h3>
				Problems <span className="muted">({problems.length})</span>
			</h3>
			{problems.length > 0 && (
				<ul>
					{problems.map((problem, i) => (
						<li key={`${problem.path}:${problem.line}:${problem.column}:${i}`} className={`problem-${problem.severity}`}>
							<button type="button" onClick={() => onOpen(problem)}>
								<span className="problem-where">
									{visibleText(problem.path.split("/").pop() ?? problem.path)}:{problem.line}:{problem.column}
								</span>{" "}
								<span>{problem.message}</span>
								{problem.source === "runtime" && <span className="muted"> (when it ran)</span>}
							</button>
						</li>
					))}
				</ul>
			)}
		</section>
	);
}
