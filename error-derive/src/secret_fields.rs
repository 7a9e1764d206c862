//! The one way an unannotated field reaches an envelope: the message (`message =
//! "..."` or the `Display` of `#[error("...")]`) interpolates it. The message is
//! sanitized, which redacts secrets in a recognised format, but a bare value (an
//! API key, a password) looks like any other text. A field named like a secret
//! that a message shows gets a warning, spanned on the field.

use proc_macro2::TokenStream;
use quote::{format_ident, quote_spanned};
use syn::parse::ParseStream;
use syn::{Attribute, LitStr};

use crate::ast::{Field, Input, Variant};

/// Name parts that say a field holds a secret.
const SECRET_WORDS: &[&str] = &[
    "password",
    "passwd",
    "passphrase",
    "secret",
    "token",
    "credential",
    "credentials",
    "cookie",
    "bearer",
    "authorization",
    "apikey",
];

/// Two-part names that do (`api_key`, `private_key`).
const SECRET_PAIRS: &[(&str, &str)] = &[
    ("api", "key"),
    ("private", "key"),
    ("secret", "key"),
    ("access", "key"),
    ("signing", "key"),
];

/// Whether a field named `name` probably holds a secret.
pub(crate) fn is_secret_name(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    let words: Vec<&str> = lower.split('_').filter(|word| !word.is_empty()).collect();
    words.iter().any(|word| SECRET_WORDS.contains(word))
        || words
            .windows(2)
            .any(|pair| SECRET_PAIRS.contains(&(pair[0], pair[1])))
}

/// One warning per unannotated, secret-named field that a variant's message shows.
pub(crate) fn warnings(input: &Input) -> Vec<TokenStream> {
    let mut warnings = Vec::new();
    for variant in &input.variants {
        let templates = templates(variant);
        let arguments: Vec<String> = variant
            .syn_attrs
            .iter()
            .flat_map(error_arguments_fields)
            .collect();
        for field in &variant.fields {
            let Some(name) = field.name() else {
                continue;
            };
            let shown = templates
                .iter()
                .any(|template| placeholders(template).any(|used| used == name))
                || arguments.contains(&name);
            if shown && field.attrs.field_keys().is_empty() && is_secret_name(&name) {
                warnings.push(warning(field, &name, warnings.len()));
            }
        }
    }
    warnings
}

/// The message templates of a variant: its `message`, and the `#[error("...")]`
/// its `Display` comes from (on the variant, or on a struct).
fn templates(variant: &Variant) -> Vec<String> {
    let mut templates: Vec<String> = variant
        .attrs
        .message
        .iter()
        .map(|message| message.value.value())
        .collect();
    templates.extend(
        variant
            .syn_attrs
            .iter()
            .filter_map(error_attribute)
            .map(|(template, _)| template),
    );
    templates
}

/// The format string of `#[error("...", ...)]` and the arguments after it, if the
/// attribute has a format string.
fn error_attribute(attr: &Attribute) -> Option<(String, TokenStream)> {
    if !attr.path().is_ident("error") {
        return None;
    }
    let parsed = attr.parse_args_with(|input: ParseStream| {
        let template: LitStr = input.parse()?;
        Ok((template.value(), input.parse::<TokenStream>()?))
    });
    parsed.ok()
}

/// The fields that the arguments after `#[error("...", ...)]`'s format string show
/// whole, in thiserror's shorthand (`.password`, `secret = .token`); a field whose
/// method is called (`.password.len()`) shows what the method returns.
fn error_arguments_fields(attr: &Attribute) -> Vec<String> {
    let mut fields = Vec::new();
    if let Some((_, arguments)) = error_attribute(attr) {
        shown_fields(arguments, &mut fields);
    }
    fields
}

/// [`error_arguments_fields`] in `tokens`, and in the groups they hold.
fn shown_fields(tokens: TokenStream, fields: &mut Vec<String>) {
    use proc_macro2::TokenTree;
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    for (index, token) in tokens.iter().enumerate() {
        match token {
            TokenTree::Group(group) => shown_fields(group.stream(), fields),
            TokenTree::Punct(dot) if dot.as_char() == '.' => {
                // A shorthand starts an argument: nothing that a `.` could be the
                // member access of stands before it.
                let starts = index.checked_sub(1).is_none_or(|before| {
                    matches!(&tokens[before], TokenTree::Punct(punct) if punct.as_char() != '.')
                });
                let followed_by_member = matches!(
                    tokens.get(index + 2),
                    Some(TokenTree::Punct(punct)) if punct.as_char() == '.'
                );
                if let Some(TokenTree::Ident(ident)) = tokens.get(index + 1)
                    && starts
                    && !followed_by_member
                {
                    let name = ident.to_string();
                    fields.push(name.strip_prefix("r#").unwrap_or(&name).to_owned());
                }
            }
            _ => {}
        }
    }
}

/// The names a template's placeholders use (`{name}`, `{name:?}`), `{{` skipped.
fn placeholders(template: &str) -> impl Iterator<Item = &str> {
    let mut rest = template;
    std::iter::from_fn(move || {
        loop {
            let open = rest.find('{')?;
            rest = &rest[open + 1..];
            if let Some(escaped) = rest.strip_prefix('{') {
                rest = escaped;
                continue;
            }
            let end = rest.find('}')?;
            let placeholder = &rest[..end];
            rest = &rest[end + 1..];
            let name = placeholder.split(':').next().unwrap_or_default().trim();
            return Some(name.strip_prefix("r#").unwrap_or(name));
        }
    })
}

/// A use of a deprecated item, spanned on the field: the one warning a derive can
/// raise on stable Rust.
fn warning(field: &Field, name: &str, index: usize) -> TokenStream {
    let note = format!(
        "`{name}` looks like a secret and the message shows it; a message is sanitized, but only secrets in a recognised format are redacted: leave it out of the message, or give it a type whose `Display` redacts it"
    );
    let span = match &field.member {
        syn::Member::Named(ident) => ident.span(),
        syn::Member::Unnamed(index) => index.span,
    };
    // The use is spanned on the field: rustc says nothing about deprecated items
    // used at a span of the derive's own.
    let marker = format_ident!("__AgentSecretInMessage{}", index, span = span);
    quote_spanned! {span=>
        const _: () = {
            #[deprecated(note = #note)]
            struct #marker;
            let _ = #marker;
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secret_names_are_recognised_by_their_words() {
        for name in [
            "api_key",
            "apiKey",
            "password",
            "github_token",
            "client_secret",
            "session_cookie",
        ] {
            assert!(is_secret_name(name), "{name}");
        }
        for name in ["tokens_used", "cache_key", "keyboard", "upstream", "param"] {
            assert!(!is_secret_name(name), "{name}");
        }
    }

    #[test]
    fn placeholders_skip_escaped_braces() {
        let names: Vec<&str> = placeholders("{{x}} {a} {b:?} {r#c:>8}").collect();
        assert_eq!(names, ["a", "b", "c"]);
    }
}
