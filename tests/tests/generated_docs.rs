//! The committed files generated from the crates' sources are up to date.

use tests::generated_file::assert_generated_file;
use tests::{PUBLISHED_SCHEMA_PATH, kinds_reference};

#[test]
fn kinds_reference_is_up_to_date() {
    assert_generated_file(
        kinds_reference::PATH,
        &kinds_reference::render(),
        kinds_reference::REGENERATE,
    );
}

#[test]
fn the_published_schema_is_the_one_error_core_ships() {
    assert_generated_file(
        PUBLISHED_SCHEMA_PATH,
        error_core::ENVELOPE_JSON_SCHEMA,
        "BLESS=1 cargo test -p tests --test generated_docs",
    );
}
