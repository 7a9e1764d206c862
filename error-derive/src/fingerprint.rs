//! `__vocabulary_fingerprint!()`: the vocabulary as the derive compiled it, as a
//! literal, so that a test can hold it against error-core's runtime tables.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use crate::vocabulary::{ContextMember, REQUIRED_MEMBERS, RETIRED_KINDS, STABLE_KINDS};

/// `(stable, retired, context members, required members)`, where a stable kind is
/// `(name, origin, action, same_arguments, side_effects, status, log_level)` and a
/// retired kind `(name, removed_with, replacement)`, all by wire name.
pub(crate) fn expand() -> TokenStream {
    let stable = STABLE_KINDS.iter().map(|kind| {
        let name = kind.name();
        let c = kind.classification();
        let (origin, action, same_arguments, side_effects, log_level) = (
            c.origin.as_str(),
            c.action.as_str(),
            c.same_arguments.as_str(),
            c.side_effects.as_str(),
            c.log_level.as_str(),
        );
        let status = Literal::u16_suffixed(c.status);
        quote!((#name, #origin, #action, #same_arguments, #side_effects, #status, #log_level))
    });
    let retired = RETIRED_KINDS.iter().map(|kind| {
        let name = kind.name;
        let removed_with = kind.removed_with.as_str();
        let replacement = match kind.replacement {
            Some(replacement) => quote!(::core::option::Option::Some(#replacement)),
            None => quote!(::core::option::Option::None),
        };
        quote!((#name, #removed_with, #replacement))
    });
    let context = ContextMember::NAMES;
    let required = REQUIRED_MEMBERS;
    quote! {
        (
            &[#(#stable),*] as &[(&str, &str, &str, &str, &str, u16, &str)],
            &[#(#retired),*] as &[(&str, &str, ::core::option::Option<&str>)],
            &[#(#context),*] as &[&str],
            &[#(#required),*] as &[&str],
        )
    }
}
