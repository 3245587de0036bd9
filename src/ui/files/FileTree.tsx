/**
 * The workspace's files as a tree of folders (open by default) under the workspace folder. Each file's
 * button is named by its absolute path, so it reads the same to assistive technology and tests.
 */
import { visibleText } from "../../protocol/visible-text.ts";
import { relative } from "../../workspace/workspace-path.ts";
import "./files.css";

interface Folder {
	folders: Map<string, Folder>;
	files: { name: string; path: string }[];
}

function buildTree(root: string, paths: string[]): Folder {
	const top: Folder = { folders: new Map(), files: [] };
	for (const path of paths) {
		const parts = relative(root, path).split("/");
		let folder = top;
		for (const part of parts.slice(0, -1)) {
			let next = folder.folders.get(part);
			if (!next) folder.folders.set(part, (next = { folders: new Map(), files: [] }));
			folder = next;
		}
		folder.files.push({ name: parts[parts.length - 1], path });
	}
	return top;
}

interface Props {
	root: string;
	files: string[];
	open?: string;
	/** Put before each file's accessible name, where two trees of the same files are on the page. */
	labelPrefix?: string;
	onOpen(path: string | undefined): void;
}

export function FileTree({ root, files, open, labelPrefix = "", onOpen }: Props) {
	const renderFolder = (folder: Folder, prefix: string) => (
		<ul className="file-list">
			{[...folder.folders]
				.sort(([a], [b]) => (a < b ? -1 : 1))
				.map(([name, child]) => (
					<li key={`${prefix}${name}/`}>
						<details open>
							<summary>{visibleText(name)}/</summary>
							{renderFolder(child, `${prefix}${name}/`)}
						</details>
					</li>
				))}
			{folder.files
				.sort((a, b) => (a.name < b.name ? -1 : 1))
				.map(({ name, path }) => (
					<li key={path}>
						<button
							type="button"
							aria-label={`${labelPrefix}${path}`}
							title={visibleText(path)}
							aria-pressed={open === path}
							onClick={() => onOpen(open === path ? undefined : path)}
						>
							{visibleText(name)}
						</button>
					</li>
				))}
		</ul>
	);
	return renderFolder(buildTree(root, files), "");
}
