//! The wording of "unknown ..." diagnostics: a did-you-mean for near misses and the
//! list of valid names.

use std::fmt::Write as _;

/// The candidate closest to `value`, when `value` looks like a typo of it: the same
/// after case and `-`/`_` folding, or within a third of its length in edits
/// (transpositions count once).
pub(crate) fn closest<'a>(value: &str, candidates: &[&'a str]) -> Option<&'a str> {
    let folded = fold(value);
    if folded.is_empty() {
        return None;
    }
    let budget = (folded.chars().count() / 3).max(1);
    candidates
        .iter()
        .map(|candidate| (strsim::damerau_levenshtein(&folded, candidate), *candidate))
        .filter(|(distance, _)| *distance <= budget)
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, candidate)| candidate)
        .filter(|candidate| *candidate != value)
}

/// `value` in lower case with `-` and spaces as `_`: how a name usually drifts from
/// the snake case the contract uses.
pub(crate) fn fold(value: &str) -> String {
    value
        .trim()
        .chars()
        .map(|c| match c {
            '-' | ' ' => '_',
            c => c.to_ascii_lowercase(),
        })
        .collect()
}

/// "`a`, `b` or `c`".
pub(crate) fn one_of(names: &[&str]) -> String {
    listed(names, " or ")
}

/// "`a`, `b` and `c`".
pub(crate) fn all_of(names: &[&str]) -> String {
    listed(names, " and ")
}

fn listed(names: &[&str], last: &str) -> String {
    let mut list = String::new();
    for (index, name) in names.iter().enumerate() {
        let separator = match index {
            0 => "",
            _ if index + 1 == names.len() => last,
            _ => ", ",
        };
        let _ = write!(list, "{separator}`{name}`");
    }
    list
}

/// "unknown origin `budgett`; did you mean `budget`?" with the valid names on the
/// next line.
pub(crate) fn unknown(what: &str, value: &str, valid: &[&str]) -> String {
    unknown_in(what, value, "", valid)
}

/// Like [`unknown`], for a value inside `place`: "unknown key `actoin` in
/// `recovery(...)`".
pub(crate) fn unknown_in(what: &str, value: &str, place: &str, valid: &[&str]) -> String {
    let mut message = format!("unknown {what} `{value}`");
    if !place.is_empty() {
        let _ = write!(message, " in `{place}`");
    }
    if let Some(suggestion) = closest(value, valid) {
        let _ = write!(message, "; did you mean `{suggestion}`?");
    }
    let _ = write!(message, "\nexpected one of {}", one_of(valid));
    message
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn near_misses_get_a_suggestion() {
        let origins = ["validation", "policy", "budget", "runtime"];
        assert_eq!(closest("budgett", &origins), Some("budget"));
        assert_eq!(closest("Budget", &origins), Some("budget"));
        assert_eq!(closest("polciy", &origins), Some("policy"));
        assert_eq!(closest("weather", &origins), None);
        assert_eq!(closest("budget", &origins), None);
    }

    #[test]
    fn short_names_allow_one_edit() {
        assert_eq!(closest("knd", &["kind", "cause"]), Some("kind"));
        assert_eq!(closest("x", &["kind"]), None);
    }

    #[test]
    fn unknown_lists_the_valid_names() {
        assert_eq!(
            unknown("origin", "budgett", &["policy", "budget"]),
            "unknown origin `budgett`; did you mean `budget`?\nexpected one of `policy` or `budget`"
        );
        assert_eq!(one_of(&["a"]), "`a`");
        assert_eq!(one_of(&["a", "b", "c"]), "`a`, `b` or `c`");
        assert_eq!(all_of(&["a", "b"]), "`a` and `b`");
    }
}
