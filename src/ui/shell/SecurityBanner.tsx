/**
 * A warning about the page's safety (the host cannot serve the sandbox frame, so extension code runs with the site's
 * origin): a banner that stays for as long as it holds, not a toast that leaves.
 */
export function SecurityBanner({ notice }: { notice: string | undefined }) {
	if (!notice) return null;
	return (
		<section className="isolation-banner security-banner" role="alert" aria-label="Security notice">
			<p>
				<strong>Not sandboxed:</strong> {notice}
			</p>
		</section>
	);
}
