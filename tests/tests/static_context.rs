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

/// Messages that show `&'static str` fields alone: each is noted per thread by its
/// bytes once read, and must hold what the same message built at run time holds.
#[derive(Debug, AgentError)]
enum Shown {
    #[agent(kind = "upstream_error", message = "{a}{b}")]
    Ab { a: &'static str, b: &'static str },
    /// The same template, its fields declared the other way round: the texts in
    /// the other order make another message.
    #[agent(kind = "upstream_error", message = "{a}{b}")]
    Ba { b: &'static str, a: &'static str },
    /// Words first, a field shown twice and with a spec, in a tuple variant.
    #[agent(kind = "upstream_error", message = "calling {1:?} on {0:>12}: {0}")]
    Tuple(&'static str, &'static str),
    /// Five fields, and a message longer than a short text when they are long.
    #[agent(
        kind = "upstream_error",
        message = "{tool} at {host} for {a}, {b} and {c}"
    )]
    Five {
        tool: &'static str,
        host: &'static str,
        a: &'static str,
        b: &'static str,
        c: &'static str,
    },
    /// A field the message does not show does not keep it from being noted; one it
    /// shows that is not a `&'static str` does.
    #[agent(kind = "upstream_error", message = "failed: {a}")]
    Unshown {
        a: &'static str,
        #[agent(extra)]
        attempts: u32,
    },
    #[agent(kind = "upstream_error", message = "failed: {a} after {attempts}")]
    Number { a: &'static str, attempts: u32 },
    /// Where the field sits, which another error holds elsewhere: a message that
    /// is not the same bytes every time.
    #[agent(kind = "upstream_error", message = "at {a:p}: {a}")]
    Pointer { a: &'static str },
}

/// What the envelope of a message built at run time holds.
fn built(message: String) -> String {
    Envelope::from_kind("upstream_error", message)
        .message()
        .to_owned()
}

/// Each variant of [`Shown`] given `t`, against the same message built at run time.
fn check_shown(t: [&'static str; 5]) {
    let [a, b, c, d, e] = t;
    let cases = [
        (Shown::Ab { a, b }, format!("{a}{b}")),
        (Shown::Ba { b: a, a: b }, format!("{b}{a}")),
        (Shown::Tuple(a, b), format!("calling {b:?} on {a:>12}: {a}")),
        (
            Shown::Five {
                tool: a,
                host: b,
                a: c,
                b: d,
                c: e,
            },
            format!("{a} at {b} for {c}, {d} and {e}"),
        ),
        (Shown::Unshown { a, attempts: 3 }, format!("failed: {a}")),
        (
            Shown::Number { a, attempts: 3 },
            format!("failed: {a} after 3"),
        ),
    ];
    for (error, message) in cases {
        assert_eq!(error.envelope().message(), built(message), "{error:?}");
    }
}

#[test]
fn a_template_met_again_with_its_texts_the_other_way_round_is_read_again() {
    // `{a}{b}` of these passes unchanged and is noted; the other way round, the
    // texts make a GitHub token, which goes.
    let (body, prefix) = ("p_16C7e42F292c6912E7710c838347Ae178B4a", "gh");
    let token = format!("{prefix}{body}");
    for _ in 0..3 {
        assert_eq!(
            Shown::Ab { a: body, b: prefix }.envelope().message(),
            format!("{body}{prefix}")
        );
        // The variant that declares `b` first, given the same texts in its order.
        let other = Shown::Ba { b: body, a: prefix }.envelope();
        assert_eq!(other.message(), built(token.clone()));
        assert!(!other.message().contains(body), "{}", other.message());
        let swapped = Shown::Ab { a: prefix, b: body }.envelope();
        assert!(!swapped.message().contains(body), "{}", swapped.message());
    }
}

#[test]
fn a_message_noted_once_is_read_again_when_any_text_changes() {
    let token = "ghp_16C7e42F292c6912E7710c838347Ae178B4a";
    let clean = ["a", "b", "c", "d", "e"];
    for changed in 0..5 {
        // Noted with every text clean, then one text after another is a token.
        check_shown(clean);
        let mut texts = clean;
        texts[changed] = token;
        check_shown(texts);
        let five = Shown::Five {
            tool: texts[0],
            host: texts[1],
            a: texts[2],
            b: texts[3],
            c: texts[4],
        };
        assert!(!five.envelope().message().contains(token), "{five:?}");
    }
}

#[test]
fn a_message_that_shows_where_a_field_sits_is_read_each_time() {
    let token = "ghp_16C7e42F292c6912E7710c838347Ae178B4a";
    let here = Shown::Pointer { a: token };
    let there = Box::new(Shown::Pointer { a: token });
    for error in [&here, &*there, &here] {
        let Shown::Pointer { a } = error else {
            unreachable!()
        };
        let message = error.envelope().message().to_owned();
        assert_eq!(message, built(format!("at {a:p}: {a}")));
        assert!(!message.contains(token), "{message}");
    }
}

#[test]
fn named_messages_and_their_substrings() {
    let texts: [&'static str; 5] = [
        "github::search_issues",
        "token=",
        "ghp_16C7e42F292c6912E7710c838347Ae178B4a",
        "<|im_",
        "start|>",
    ];
    for _ in 0..2 {
        for first in texts {
            for second in texts {
                check_shown([first, second, "a", "b", "c"]);
                for part in substrings(first) {
                    check_shown([part, second, first, part, "\n"]);
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]
    #[test]
    fn a_message_of_static_fields_holds_what_the_same_string_makes(texts in proptest::collection::vec(text(), 5)) {
        let t: Vec<&'static str> = texts.into_iter().map(|t| &*t.leak()).collect();
        for _ in 0..2 {
            check_shown([t[0], t[1], t[2], t[3], t[4]]);
            // Texts at the same address as another, or inside it.
            for part in substrings(t[0]).into_iter().take(12) {
                check_shown([part, t[0], part, t[1], part]);
                check_shown([t[1], part, t[2], part, t[0]]);
            }
        }
    }
}
