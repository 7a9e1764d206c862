//! `message = "..."`: fixed text, or a `format!` template whose `{field}` and `{0}`
//! placeholders name fields of the variant.

use std::collections::BTreeSet;

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};
use syn::{LitStr, Member};

use crate::ast::Field;
use crate::attr::Setting;
use crate::diagnostics::Diagnostics;
use crate::suggest;
use crate::valid::{Classified, Role};

/// Where the envelope's message comes from.
pub(crate) enum Message {
    /// The type's `Display`.
    Display,
    /// Fixed text: borrowed, no allocation.
    Literal(String),
    /// A `format!` template whose placeholders were renamed to the field bindings.
    Format {
        template: LitStr,
        /// The fields it reads (by index) and the formatting trait each needs.
        uses: BTreeSet<(usize, FormatTrait)>,
        /// The fields that some placeholder formats with a spec (`{param:>8}`) or
        /// reads as a count: the others are shown as their plain `Display`.
        styled: BTreeSet<usize>,
    },
}

/// The formatting trait a placeholder asks of its field.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum FormatTrait {
    Display,
    Debug,
    LowerHex,
    UpperHex,
    Octal,
    Binary,
    LowerExp,
    UpperExp,
    Pointer,
    /// A width or precision taken from the field (`{param:>width$}`): a `usize`,
    /// which rustc checks; no bound.
    Count,
}

impl FormatTrait {
    /// The trait a format spec (`:?`, `:#x`, `:>8`) asks for.
    fn of_spec(spec: &str) -> Self {
        match spec.chars().next_back() {
            Some('?') => Self::Debug,
            Some('x') => Self::LowerHex,
            Some('X') => Self::UpperHex,
            Some('o') => Self::Octal,
            Some('b') => Self::Binary,
            Some('e') => Self::LowerExp,
            Some('E') => Self::UpperExp,
            Some('p') => Self::Pointer,
            _ => Self::Display,
        }
    }

    /// The path of the trait, for a bound; `None` for a count.
    pub(crate) fn path(self) -> Option<TokenStream> {
        let name = match self {
            Self::Count => return None,
            Self::Display => "Display",
            Self::Debug => "Debug",
            Self::LowerHex => "LowerHex",
            Self::UpperHex => "UpperHex",
            Self::Octal => "Octal",
            Self::Binary => "Binary",
            Self::LowerExp => "LowerExp",
            Self::UpperExp => "UpperExp",
            Self::Pointer => "Pointer",
        };
        let name = format_ident!("{}", name);
        Some(quote!(::core::fmt::#name))
    }
}

/// The message of a variant with `fields`, from its `message` attribute if any.
/// Placeholders that name no field are reported; the result then falls back to
/// `Display` so that nothing else is reported about it.
pub(crate) fn parse(
    cx: &Diagnostics,
    setting: Option<&Setting<LitStr>>,
    fields: &[Field],
) -> Message {
    let Some(setting) = setting else {
        return Message::Display;
    };
    let span = setting.value_span;
    let text = setting.value.value();
    let mut template = String::new();
    let mut literal = String::new();
    let mut uses = BTreeSet::new();
    let mut styled = BTreeSet::new();
    let mut rest = text.as_str();
    while let Some(brace) = rest.find(['{', '}']) {
        template.push_str(&rest[..brace]);
        literal.push_str(&rest[..brace]);
        let open = rest[brace..].starts_with('{');
        rest = &rest[brace + 1..];
        match (open, rest.chars().next()) {
            (true, Some('{')) | (false, Some('}')) => {
                let brace = if open { '{' } else { '}' };
                template.extend([brace, brace]);
                literal.push(brace);
                rest = &rest[1..];
            }
            (false, _) => {
                cx.error_at(
                    span,
                    "unmatched `}` in `message`; write `}}` for a literal brace",
                );
                return Message::Display;
            }
            (true, _) => {
                let Some(end) = rest.find('}') else {
                    cx.error_at(
                        span,
                        "unclosed `{` in `message`; write `{{` for a literal brace",
                    );
                    return Message::Display;
                };
                let placeholder = &rest[..end];
                rest = &rest[end + 1..];
                let (name, spec) =
                    placeholder.split_at(placeholder.find(':').unwrap_or(placeholder.len()));
                let Some(index) = field_named(cx, span, name.trim(), fields) else {
                    return Message::Display;
                };
                let Some(spec) = counts_from_fields(cx, span, spec, fields, &mut uses, &mut styled)
                else {
                    return Message::Display;
                };
                if !spec.is_empty() {
                    styled.insert(index);
                }
                uses.insert((index, FormatTrait::of_spec(&spec)));
                template.push('{');
                template.push_str(&fields[index].binding().to_string());
                template.push_str(&spec);
                template.push('}');
            }
        }
    }
    template.push_str(rest);
    literal.push_str(rest);
    if uses.is_empty() {
        Message::Literal(literal)
    } else {
        Message::Format {
            template: LitStr::new(&template, span),
            uses,
            styled,
        }
    }
}

/// A spec whose width or precision names a field (`>width$`, `.1$`), with those
/// names replaced by the field bindings. `.*` is reported: it takes the precision
/// from the next positional argument, which a `message` has none of.
fn counts_from_fields(
    cx: &Diagnostics,
    span: Span,
    spec: &str,
    fields: &[Field],
    uses: &mut BTreeSet<(usize, FormatTrait)>,
    styled: &mut BTreeSet<usize>,
) -> Option<String> {
    if spec.contains(".*") {
        let message = "`.*` in `message` takes the precision from an argument, and a `message` has none; write the precision (`{param:.2}`) or name a field that holds it (`{param:.precision$}`)";
        cx.error_at(span, message);
        return None;
    }
    let mut renamed = String::new();
    let mut rest = spec;
    while let Some(dollar) = rest.find('$') {
        let before = &rest[..dollar];
        // An argument's name is an identifier, whose letters need not be ASCII
        // (`{x:>largeur_é$}`).
        let start = before
            .char_indices()
            .rev()
            .find(|&(_, c)| !(c.is_alphanumeric() || c == '_'))
            .map_or(0, |(index, c)| index + c.len_utf8());
        let name = &before[start..];
        renamed.push_str(&before[..start]);
        if name.is_empty() {
            // A `$` fill character, not an argument.
            renamed.push('$');
        } else {
            let index = field_named(cx, span, name, fields)?;
            uses.insert((index, FormatTrait::Count));
            styled.insert(index);
            renamed.push_str(&fields[index].binding().to_string());
            renamed.push('$');
        }
        rest = &rest[dollar + 1..];
    }
    renamed.push_str(rest);
    Some(renamed)
}

/// The index of the field a placeholder names, or the error that it names none.
fn field_named(cx: &Diagnostics, span: Span, name: &str, fields: &[Field]) -> Option<usize> {
    let name = name.strip_prefix("r#").unwrap_or(name);
    if name.is_empty() {
        let message =
            "a placeholder in `message` names a field: `{param}`, or `{0}` in a tuple variant";
        cx.error_at(span, message);
        return None;
    }
    let found = fields.iter().position(|field| match &field.member {
        Member::Named(_) => field.name().as_deref() == Some(name),
        Member::Unnamed(index) => name.parse() == Ok(index.index),
    });
    if found.is_none() {
        let names: Vec<String> = fields
            .iter()
            .map(|field| match &field.member {
                Member::Named(_) => field.name().unwrap_or_default(),
                Member::Unnamed(index) => index.index.to_string(),
            })
            .collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let mut message =
            format!("`message` names `{{{name}}}`, which is not a field of this variant");
        match suggest::closest(name, &names) {
            Some(suggestion) => message.push_str(&format!("; did you mean `{{{suggestion}}}`?")),
            None if names.is_empty() => message.push_str("; it has no fields"),
            None => message.push_str(&format!("\nits fields are {}", suggest::all_of(&names))),
        }
        cx.error_at(span, message);
    }
    found
}

/// The context fields that the message shows with their plain `Display` too: each
/// is formatted once, and the text serves both. A `&'static str` is not: its member
/// borrows it when it passes sanitizing unchanged.
pub(crate) fn formatted_once<'a>(classified: &Classified<'a>) -> Vec<&'a Field<'a>> {
    let Message::Format { uses, styled, .. } = &classified.message else {
        return Vec::new();
    };
    classified
        .roles
        .iter()
        .filter(|(role, field)| {
            matches!(role, Role::Context(_))
                && field.option_inner().is_none()
                && !field.is_static_text()
                && !styled.contains(&field.index)
                && uses.contains(&(field.index, FormatTrait::Display))
        })
        .map(|(_, field)| *field)
        .fold(Vec::new(), |mut once, field| {
            // A field may fill two members (`context` and `cause`): rendered once.
            if !once.iter().any(|seen: &&Field| seen.index == field.index) {
                once.push(field);
            }
            once
        })
}

/// The local that holds a field's text, when it is formatted once.
pub(crate) fn text_binding(field: &Field) -> syn::Ident {
    format_ident!("__agent_text_{}", field.index)
}
