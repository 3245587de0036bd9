// Vendored from @earendil-works/pi-tui@1.6.0 dist/components/scroll-view.js by sync.mjs: only import specifiers differ. Do not edit.
export * from "@earendil-works/pi-tui/dist/components/scroll-view.js";
