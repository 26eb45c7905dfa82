//! The editor's tests: grid resizing, each operation and its undo, and the
//! properties every edit keeps (undo-all gives back the original bytes).

mod grid;
mod ops;
mod props;
