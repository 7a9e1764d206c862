//! Files generated from the vocabulary are committed, so a reader of the repository
//! sees them; a test keeps each one in step with its source.

use std::path::Path;

/// Set this variable to rewrite stale generated files instead of failing.
pub const BLESS_VARIABLE: &str = "BLESS";

/// Checks that the file at `relative_path` (from the workspace root) holds exactly
/// `expected`; with `BLESS=1` in the environment, writes it instead.
///
/// # Panics
/// When the file is stale and `BLESS` is not set, or cannot be read or written.
pub fn assert_generated_file(relative_path: &str, expected: &str, regenerate_with: &str) {
    let path = crate::workspace_root().join(relative_path);
    if std::env::var_os(BLESS_VARIABLE).is_some() {
        write(&path, expected);
        return;
    }
    let current = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        current == expected,
        "{relative_path} is stale; regenerate it with `{regenerate_with}`"
    );
}

fn write(path: &Path, contents: &str) {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)
            .unwrap_or_else(|error| panic!("cannot create {}: {error}", parent.display()));
    }
    std::fs::write(path, contents)
        .unwrap_or_else(|error| panic!("cannot write {}: {error}", path.display()));
}
