//! `docs/kinds.md`: the reference table of every kind, rendered from the vocabulary.

use std::fmt::Write as _;

use error_core::vocabulary::{CATCH_ALL, CATCH_ALL_KIND, RETIRED_KINDS, STABLE_KINDS};
use error_core::{Classification, RecoveryAction};

/// Where the reference lives, from the workspace root.
pub const PATH: &str = "docs/kinds.md";

/// The command that regenerates it.
pub const REGENERATE: &str = "BLESS=1 cargo test -p tests --test generated_docs";

const HEADER: &str = "| kind | group | origin | action | same_arguments | side_effects | status | log | guidance |\n\
                      |---|---|---|---|---|---|---|---|---|\n";

/// The whole Markdown document.
#[must_use]
pub fn render() -> String {
    let mut out = String::new();
    out.push_str(&format!(
        "# Error kinds\n\n\
         Generated from `error-vocabulary/src/lib.rs` (the single source of the vocabulary) \
         by `{REGENERATE}`; do not edit by hand.\n\n\
         ## Stable kinds\n\n\
         {HEADER}"
    ));
    for kind in STABLE_KINDS {
        row(
            &mut out,
            &format!("`{}`", kind.name()),
            kind.group(),
            &kind.classification(),
        );
    }
    out.push_str(
        "\n## The catch-all\n\n\
         A kind outside the vocabulary is still a valid envelope, classified as below. \
         A retired kind without a replacement is emitted as ",
    );
    let _ = writeln!(
        out,
        "`{CATCH_ALL_KIND}`, which is not in the vocabulary either.\n"
    );
    out.push_str(HEADER);
    row(&mut out, "any other", "-", &CATCH_ALL);
    out.push_str("\n## Guidance by recovery action\n\n| action | guidance |\n|---|---|\n");
    for action in RecoveryAction::ALL {
        let _ = writeln!(out, "| `{action}` | {} |", action.guidance());
    }
    out.push_str(
        "\n## Retired kinds\n\n\
         Reserved forever: declaring one is a compile error, and one that arrives at run time \
         is replaced and kept in `original_kind`.\n\n\
         | kind | removed with | use instead |\n|---|---|---|\n",
    );
    for retired in RETIRED_KINDS {
        let replacement = retired.replacement.map_or_else(
            || format!("`{CATCH_ALL_KIND}` (catch-all)"),
            |kind| format!("`{kind}`"),
        );
        let _ = writeln!(
            out,
            "| `{}` | {} | {replacement} |",
            retired.name,
            retired.removed_with.description()
        );
    }
    out
}

fn row(out: &mut String, kind: &str, group: &str, class: &Classification) {
    let _ = writeln!(
        out,
        "| {kind} | {group} | `{}` | `{}` | `{}` | `{}` | {} | {} | {} |",
        class.origin,
        class.action,
        class.same_arguments,
        class.side_effects,
        class.status,
        class.log_level,
        class.action.guidance()
    );
}
