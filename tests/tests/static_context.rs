//! A context member given as a `&'static str` is sanitized as the same text given
//! as a `String` is: the per-thread table of texts that passed unchanged only spares
//! reading a text again, and never changes a member. Texts are leaked, as a
//! configuration made at run time can be, and every substring of each is tried at
//! the same addresses.

use error_core::{AgentError, ContextMember, Envelope};
use proptest::prelude::*;
use proptest::sample::select;

/// Pieces that make sanitizing change a text, or leave it as it is.
fn fragment() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => "[a-zA-Z0-9 ._/:=@-]{0,12}",
        2 => select(&[
            "=", ":", " ", "\n", "\r\n", "\t", "\"", "'", "\\\"", "://", "@", "&", "[", "]",
            "<", ">", "|", "#", "-", "_", ".", "/", "\\", "{", "}",
        ][..]).prop_map(str::to_owned),
        2 => select(&[
            "<system>", "</system>", "[INST]", "[/inst]", "###", "<<", "<|im_start|>",
            "<|im_end|>", "<|system|>", "<start_of_turn>", "<sys", "tem>", "<|", "|>",
            "[tool_calls]", "<<sys>>", "human:", "assistant", "### user", "\nhuman", "user",
        ][..]).prop_map(str::to_owned),
        1 => select(&[
            "\u{0}", "\u{7}", "\u{1b}", "\r", "\u{7f}", "\u{85}", "\u{200b}", "\u{202e}", "é", "😀",
            "＃＃＃", "＜system＞",
        ][..]).prop_map(str::to_owned),
        2 => select(&[
            "password", "token", "api_key", "Authorization", "Bearer ", "sk-", "ghp_", "AKIA",
            "eyJ", "hf_", "https://", "postgres://user:", "[REDACTED]", " …[truncated]",
            "pass=", "ghp_16C7e42F292c6912E7710c838347Ae178B4a", "api_key=3f9a8b7c6d5e4f3a2b1c",
        ][..]).prop_map(str::to_owned),
        1 => "\\PC{0,6}",
    ]
}

/// Short names, texts about the short text's 64 bytes, and long ones.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => proptest::collection::vec(fragment(), 0..6).prop_map(|f| f.concat()),
        1 => proptest::collection::vec(fragment(), 0..40).prop_map(|f| f.concat()),
        2 => "[ -~]{0,80}",
        1 => "[ -~]{60,70}",
        1 => "[a-z ]{1020,1030}",
    ]
}

/// Every member given `text` as a `&'static str` holds what it holds given a
/// `String`, the first time and again, set anew or over a value.
fn check(text: &'static str) {
    for &member in ContextMember::ALL {
        for _ in 0..2 {
            let stat = Envelope::from_kind("upstream_error", "x").with_context(member, text);
            let built =
                Envelope::from_kind("upstream_error", "x").with_context(member, String::from(text));
            assert_eq!(
                stat.context(member),
                built.context(member),
                "{member:?} {text:?}"
            );
            assert_eq!(stat, built, "{member:?} {text:?}");
            assert_eq!(
                serde_json::to_value(&stat).unwrap(),
                serde_json::to_value(&built).unwrap()
            );
            let stat2 = Envelope::from_kind("upstream_error", "x")
                .with_context(member, "prior")
                .with_context(member, text);
            let built2 = Envelope::from_kind("upstream_error", "x")
                .with_context(member, "prior")
                .with_context(member, String::from(text));
            assert_eq!(stat2, built2, "{member:?} {text:?}");
        }
    }
}

/// Substrings of `text` from its first few character boundaries: texts at the
/// same address as another, or a byte or two further on.
fn substrings(text: &'static str) -> Vec<&'static str> {
    let bounds: Vec<usize> = (0..=text.len())
        .filter(|&i| text.is_char_boundary(i))
        .collect();
    let mut out = Vec::new();
    for &a in bounds.iter().take(3) {
        for &b in &bounds {
            if b >= a {
                out.push(&text[a..b]);
            }
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]
    #[test]
    fn a_static_member_holds_what_the_same_string_makes(texts in proptest::collection::vec(text(), 1..6)) {
        let leaked: Vec<&'static str> = texts.into_iter().map(|t| &*t.leak()).collect();
        for _ in 0..2 {
            for &t in &leaked {
                check(t);
                for s in substrings(t).into_iter().take(24) {
                    check(s);
                }
            }
        }
    }
}

/// The texts the unit tests name, and their substrings.
#[test]
fn named_texts_and_their_substrings() {
    for t in [
        "search\tv2 [INST]",
        "search [INST]",
        "search",
        "github::search_issues",
        "",
        " ",
        "###static",
        "token=ghp_16C7e42F292c6912E7710c838347Ae178B4a",
        "a\nb",
        "<|im_start|>",
        "\u{200b}",
    ] {
        check(t);
        for s in substrings(t) {
            check(s);
        }
    }
}

/// An error whose every context field is a `&'static str`, and a cause.
#[derive(Debug, AgentError)]
#[agent(service = "search")]
enum Derived {
    #[agent(kind = "upstream_error", message = "failed {tool}")]
    All {
        #[agent(context = "tool")]
        tool: &'static str,
        #[agent(context = "upstream")]
        upstream: Option<&'static str>,
        #[agent(context = "resource")]
        resource: &'static str,
        #[agent(context = "command")]
        command: Option<&'static str>,
        #[agent(context = "prompt")]
        prompt: &'static str,
        #[agent(context = "action")]
        action: &'static str,
        #[agent(cause)]
        cause: &'static str,
    },
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]
    #[test]
    fn a_derived_envelope_holds_what_the_builder_makes_of_strings(texts in proptest::collection::vec(text(), 7)) {
        let t: Vec<&'static str> = texts.into_iter().map(|t| &*t.leak()).collect();
        for _ in 0..3 {
            let d = Derived::All {
                tool: t[0], upstream: Some(t[1]), resource: t[2], command: Some(t[3]),
                prompt: t[4], action: t[5], cause: t[6],
            }.envelope();
            let b = Envelope::from_kind("upstream_error", format!("failed {}", t[0]))
                .with_service("search")
                .with_tool(String::from(t[0]))
                .with_upstream(String::from(t[1]))
                .with_resource(String::from(t[2]))
                .with_command(String::from(t[3]))
                .with_prompt(String::from(t[4]))
                .with_action(String::from(t[5]))
                .with_cause(String::from(t[6]));
            for &m in ContextMember::ALL {
                prop_assert_eq!(d.context(m), b.context(m), "{:?}", m);
            }
            prop_assert_eq!(d.message(), b.message());
        }
    }
}
