// Vendored from @earendil-works/pi-tui@1.6.0 dist/components/mouse-region.js by sync.mjs: only import specifiers differ. Do not edit.
import { dispatchMouseEvent, } from "../core.ts";
/** Adds mouse handling to an existing component without changing its rendering. */
export class MouseRegion {
    child;
    onMouse;
    constructor(child, onMouse) {
        this.child = child;
        this.onMouse = onMouse;
    }
    render(width) {
        return this.child.render(width);
    }
    handleMouse(event) {
        const childResult = dispatchMouseEvent(this.child, event);
        return childResult ?? this.onMouse(event);
    }
    invalidate() {
        this.child.invalidate();
    }
}
