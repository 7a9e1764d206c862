//! The derive's notion of the vocabulary is the runtime's: the kinds it accepts and
//! rejects at compile time are the ones error-core classifies at run time.

use error_core::vocabulary::{ContextMember, REQUIRED_MEMBERS, RETIRED_KINDS, STABLE_KINDS};

type StableRow = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    u16,
    &'static str,
);
type RetiredRow = (&'static str, &'static str, Option<&'static str>);

/// What error-derive compiled, as a literal.
fn derive_view() -> (
    &'static [StableRow],
    &'static [RetiredRow],
    &'static [&'static str],
    &'static [&'static str],
) {
    error_derive::__vocabulary_fingerprint!()
}

#[test]
fn the_derive_sees_every_stable_kind_with_the_runtime_classification() {
    let runtime: Vec<StableRow> = STABLE_KINDS
        .iter()
        .map(|kind| {
            let c = kind.classification();
            (
                kind.name(),
                c.origin.as_str(),
                c.action.as_str(),
                c.same_arguments.as_str(),
                c.side_effects.as_str(),
                c.status,
                c.log_level.as_str(),
            )
        })
        .collect();
    assert_eq!(derive_view().0, runtime.as_slice());
}

#[test]
fn the_derive_rejects_exactly_the_runtime_retired_kinds() {
    let runtime: Vec<RetiredRow> = RETIRED_KINDS
        .iter()
        .map(|kind| (kind.name, kind.removed_with.as_str(), kind.replacement))
        .collect();
    assert_eq!(derive_view().1, runtime.as_slice());
}

#[test]
fn the_derive_checks_members_against_the_runtime_names() {
    let (_, _, context, required) = derive_view();
    assert_eq!(context, ContextMember::NAMES);
    assert_eq!(required, REQUIRED_MEMBERS);
}

#[test]
fn the_tables_are_not_trivially_empty() {
    let (stable, retired, context, required) = derive_view();
    assert!(
        stable.len() > 50 && retired.len() > 40,
        "{} stable, {} retired",
        stable.len(),
        retired.len()
    );
    assert!(!context.is_empty() && required.contains(&"kind"));
}
