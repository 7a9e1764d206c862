//! The values of `#[agent(...)]` keys: each parser reports a wrong value with what
//! to write instead, and says whether the value was accepted.

use proc_macro2::{Span, TokenTree};
use syn::ext::IdentExt as _;
use syn::meta::ParseNestedMeta;
use syn::parse::ParseStream;
use syn::spanned::Spanned as _;
use syn::{Ident, LitInt, LitStr, Path, Token};

use super::Setting;
use crate::diagnostics::Diagnostics;
use crate::suggest;
use crate::vocabulary::{LogLevel, Origin, RecoveryAction, SameArguments, SideEffects};

/// A closed enum of the contract, as the attribute grammar needs it.
pub(super) trait ContractValue: Copy {
    const FIELD: &'static str;
    const NAMES: &'static [&'static str];
    fn from_name(name: &str) -> Option<Self>;
}

macro_rules! contract_values {
    ($($name:ident),+) => {$(
        impl ContractValue for $name {
            const FIELD: &'static str = $name::FIELD;
            const NAMES: &'static [&'static str] = $name::NAMES;
            fn from_name(name: &str) -> Option<Self> {
                $name::from_name(name)
            }
        }
    )+};
}

contract_values!(Origin, RecoveryAction, SameArguments, SideEffects, LogLevel);

pub(super) fn setting<T>(key: Span, value_span: Span, value: T) -> Setting<T> {
    Setting {
        key,
        value_span,
        value,
    }
}

/// Stores `value` unless the key was already given. `None` means the value was
/// wrong and already reported; then it returns `false`.
pub(super) fn set<T>(
    slot: &mut Option<Setting<T>>,
    value: impl Into<Option<Setting<T>>>,
    duplicate: impl Fn(&Diagnostics),
    cx: &Diagnostics,
) -> bool {
    let Some(value) = value.into() else {
        return false;
    };
    if slot.is_some() {
        duplicate(cx);
    } else {
        *slot = Some(value);
    }
    true
}

/// `origin = budget`: an identifier naming a value of a contract enum.
pub(super) fn contract_value<T: ContractValue>(
    cx: &Diagnostics,
    meta: &ParseNestedMeta,
) -> syn::Result<Option<Setting<T>>> {
    let key = meta.path.span();
    let input = meta.value()?;
    if input.peek(LitStr) {
        let text: LitStr = input.parse()?;
        let value = text.value();
        let message = match T::from_name(&value) {
            Some(_) => format!(
                "write `{}` without quotes: `{} = {value}`",
                value,
                path_text(&meta.path)
            ),
            None => suggest::unknown(T::FIELD, &value, T::NAMES),
        };
        cx.error_at(text.span(), message);
        return Ok(None);
    }
    let ident = input.call(Ident::parse_any)?;
    if input.peek(Token![::]) {
        // `origin = error_core::Origin::Budget`: the Rust path of the value.
        let mut last = ident;
        while input.peek(Token![::]) {
            input.parse::<Token![::]>()?;
            last = input.call(Ident::parse_any)?;
        }
        let name = snake_case(&last.unraw().to_string());
        let key = path_text(&meta.path);
        let message = match T::from_name(&name) {
            Some(_) => format!("write the value alone, in snake case: `{key} = {name}`"),
            None => suggest::unknown(T::FIELD, &name, T::NAMES),
        };
        cx.error_at(last.span(), message);
        return Ok(None);
    }
    let name = ident.unraw().to_string();
    match T::from_name(&name) {
        Some(value) => Ok(Some(setting(key, ident.span(), value))),
        None => {
            cx.error_at(ident.span(), suggest::unknown(T::FIELD, &name, T::NAMES));
            Ok(None)
        }
    }
}

/// `status = 429`: an error status.
pub(super) fn status(
    cx: &Diagnostics,
    meta: &ParseNestedMeta,
) -> syn::Result<Option<Setting<u16>>> {
    let key = meta.path.span();
    let literal: LitInt = meta.value()?.parse()?;
    let status = literal.base10_parse::<u64>()?;
    match u16::try_from(status) {
        Ok(status) if (400..=599).contains(&status) => {
            Ok(Some(setting(key, literal.span(), status)))
        }
        _ => {
            let message =
                format!("status `{status}` is not an error status; use a status in 400..=599");
            cx.error_at(literal.span(), message);
            Ok(None)
        }
    }
}

/// `transparent`, `cause`, `retry_after_ms`: a key without a value.
pub(super) fn flag(
    cx: &Diagnostics,
    meta: &ParseNestedMeta,
    name: &str,
) -> syn::Result<Option<Setting<()>>> {
    let key = meta.path.span();
    if meta.input.is_empty() || meta.input.peek(Token![,]) {
        return Ok(Some(setting(key, key, ())));
    }
    cx.error_at(
        key,
        format!("`{name}` takes no value; write `{name}` alone"),
    );
    skip_value(meta.input)?;
    Ok(None)
}

/// `context` or `context = "tool"`: the name, when written.
pub(super) fn optional_name(
    cx: &Diagnostics,
    meta: &ParseNestedMeta,
) -> syn::Result<Option<Setting<Option<LitStr>>>> {
    let key = meta.path.span();
    if meta.input.peek(Token![=]) {
        let input = meta.value()?;
        if input.peek(Ident::peek_any) {
            let ident = input.call(Ident::parse_any)?;
            let (written, name) = (path_text(&meta.path), ident.unraw());
            let message = format!("write the member name as a string: `{written} = \"{name}\"`");
            cx.error_at(ident.span(), message);
            skip_value(input)?;
            return Ok(None);
        }
        let name: LitStr = input.parse()?;
        return Ok(Some(setting(key, name.span(), Some(name))));
    }
    Ok(Some(setting(key, key, None)))
}

/// `Budget` or `RetryLater` as the contract writes it: `budget`, `retry_later`.
fn snake_case(name: &str) -> String {
    let mut snake = String::new();
    for (index, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() && index > 0 {
            snake.push('_');
        }
        snake.push(c.to_ascii_lowercase());
    }
    snake
}

/// `message = "..."`: a string literal with something in it.
pub(super) fn non_empty_str(
    cx: &Diagnostics,
    meta: &ParseNestedMeta,
    name: &str,
) -> syn::Result<Option<Setting<LitStr>>> {
    let key = meta.path.span();
    let text: LitStr = meta.value()?.parse()?;
    if crate::vocabulary::is_blank(&text.value()) {
        cx.error_at(text.span(), format!("`{name}` must not be empty"));
        return Ok(None);
    }
    Ok(Some(setting(key, text.span(), text)))
}

/// Skips what follows an unusable key, up to the next `,`.
/// Whether a key's value was accepted. A value that does not parse is reported and
/// skipped, and the attribute goes on: the other keys are still checked, and the key
/// counts as written (rejected), so nothing reports it missing.
pub(super) fn reported(
    cx: &Diagnostics,
    meta: &ParseNestedMeta,
    parsed: syn::Result<bool>,
) -> syn::Result<bool> {
    parsed.or_else(|error| {
        cx.push(error);
        skip_value(meta.input)?;
        Ok(false)
    })
}

pub(super) fn skip_value(input: ParseStream) -> syn::Result<()> {
    while !input.is_empty() && !input.peek(Token![,]) {
        input.parse::<TokenTree>()?;
    }
    Ok(())
}

pub(super) fn path_text(path: &Path) -> String {
    let segments: Vec<String> = path
        .segments
        .iter()
        .map(|segment| segment.ident.unraw().to_string())
        .collect();
    segments.join("::")
}
