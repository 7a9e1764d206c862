//! The committed files generated from the vocabulary are up to date.

use tests::generated_file::assert_generated_file;
use tests::kinds_reference;

#[test]
fn kinds_reference_is_up_to_date() {
    assert_generated_file(
        kinds_reference::PATH,
        &kinds_reference::render(),
        kinds_reference::REGENERATE,
    );
}
