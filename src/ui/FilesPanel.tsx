/** The workspace's files, following what the agent and commands change; pick one to read it. */
import { useEffect, useState } from "react";

interface Props {
	files: string[];
	read(path: string): Promise<string>;
}

export function FilesPanel({ files, read }: Props) {
	const [open, setOpen] = useState<string>();
	const [content, setContent] = useState<{ text?: string; error?: string }>({});
	useEffect(() => {
		if (!open) return;
		let current = true;
		read(open).then(
			(text) => current && setContent({ text }),
			(error: Error) => current && setContent({ error: error.message }),
		);
		return () => {
			current = false;
		};
	}, [open, files]);
	return (
		<section className="panel" aria-label="Files">
			<h2>Files</h2>
			{files.length === 0 && <p className="muted">The workspace is empty.</p>}
			<ul className="file-list">
				{files.map((path) => (
					<li key={path}>
						<button type="button" aria-pressed={open === path} onClick={() => setOpen(open === path ? undefined : path)}>
							{path}
						</button>
					</li>
				))}
			</ul>
			{open && (
				<figure className="file-view" aria-label={`Content of ${open}`}>
					<figcaption>{open}</figcaption>
					{content.error ? <p className="error-text">{content.error}</p> : <pre>{content.text}</pre>}
				</figure>
			)}
		</section>
	);
}
