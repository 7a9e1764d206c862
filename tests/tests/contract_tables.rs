//! The vocabulary module holds exactly the contract's tables.
//!
//! `contract/` keeps a copy of the normative TSV files; when the shared contract is
//! beside the checkout, the copy must still be the same.

use error_core::Envelope;
use error_core::vocabulary::{RETIRED_KINDS, STABLE_KINDS};
use tests::workspace_root;

fn rows(file: &str) -> Vec<Vec<String>> {
    let path = workspace_root().join("contract").join(file);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()));
    text.lines()
        .skip(1)
        .filter(|line| !line.trim().is_empty())
        .map(|line| line.split('\t').map(str::to_owned).collect())
        .collect()
}

#[test]
fn stable_kinds_are_the_contract_vocabulary() {
    let table: Vec<Vec<String>> = STABLE_KINDS
        .iter()
        .map(|kind| {
            let class = kind.classification();
            vec![
                kind.name().to_owned(),
                kind.group().to_owned(),
                class.origin.to_string(),
                class.action.to_string(),
                class.same_arguments.to_string(),
                class.side_effects.to_string(),
                class.status.to_string(),
                class.log_level.to_string(),
            ]
        })
        .collect();
    assert_eq!(table, rows("vocabulary.tsv"));
}

#[test]
fn retired_kinds_are_the_contract_list() {
    let table: Vec<Vec<String>> = RETIRED_KINDS
        .iter()
        .map(|kind| {
            vec![
                kind.name.to_owned(),
                kind.removed_with.to_string(),
                kind.replacement.unwrap_or("-").to_owned(),
            ]
        })
        .collect();
    assert_eq!(table, rows("retired.tsv"));
}

#[test]
fn replacements_are_stable_and_nothing_is_both() {
    for retired in RETIRED_KINDS {
        if let Some(replacement) = retired.replacement {
            assert!(
                error_core::vocabulary::stable_kind(replacement).is_some(),
                "{replacement}"
            );
        }
        assert!(
            error_core::vocabulary::stable_kind(retired.name).is_none(),
            "{}",
            retired.name
        );
    }
}

#[test]
fn the_copy_matches_the_shared_contract_when_it_is_beside_the_checkout() {
    let shared = workspace_root().join("../shared/contract");
    if !shared.is_dir() {
        eprintln!("skipped: no shared contract at {}", shared.display());
        return;
    }
    for file in ["vocabulary.tsv", "retired.tsv"] {
        let ours = std::fs::read_to_string(workspace_root().join("contract").join(file)).unwrap();
        let theirs = std::fs::read_to_string(shared.join(file)).unwrap();
        assert_eq!(
            ours, theirs,
            "contract/{file} differs from the shared contract"
        );
    }
}

#[test]
fn every_vocabulary_kind_serializes_with_exactly_its_row() {
    let rows = rows("vocabulary.tsv");
    assert_eq!(rows.len(), STABLE_KINDS.len());
    for row in rows {
        let [
            kind,
            _group,
            origin,
            action,
            same_arguments,
            side_effects,
            status,
            log,
        ] = <[String; 8]>::try_from(row).expect("a vocabulary row has eight columns");
        let envelope = Envelope::from_kind(&kind, "it failed");
        let json = serde_json::to_value(&envelope).expect("an envelope serializes");
        let context = format!("kind `{kind}`: {json}");
        assert_eq!(json["kind"], kind.as_str(), "{context}");
        assert_eq!(json["origin"], origin.as_str(), "{context}");
        assert_eq!(json["recovery"]["action"], action.as_str(), "{context}");
        assert_eq!(
            json["recovery"]["same_arguments"],
            same_arguments.as_str(),
            "{context}"
        );
        assert_eq!(json["side_effects"], side_effects.as_str(), "{context}");
        assert_eq!(envelope.status().as_str(), status, "{context}");
        assert_eq!(envelope.log_level().as_str(), log, "{context}");
        assert_eq!(envelope.original_kind(), None, "{context}");
    }
}
