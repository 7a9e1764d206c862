//! The generics of the generated impl: the type's own, every bound moved into the
//! where clause (so that a bound the derive repeats never sits in two places, which
//! `clippy::multiple_bound_locations` flags), plus a bound for each annotated field
//! whose type mentions a type parameter, and nothing else.

use std::collections::BTreeSet;

use proc_macro2::{TokenStream, TokenTree};
use quote::{ToTokens as _, quote};
use syn::{GenericParam, Generics, Ident, Path, Type, WherePredicate};

use crate::ast::Input;
use crate::message::Message;
use crate::valid::{Plan, Role};

/// The generics of `input`'s impl; `plans` are aligned with its variants.
pub(crate) fn generics(input: &Input, plans: &[Plan], krate: &Path) -> Generics {
    let mut generics = input.generics.clone();
    let params: BTreeSet<&Ident> = input
        .generics
        .type_params()
        .map(|param| &param.ident)
        .collect();
    if params.is_empty() {
        return generics;
    }
    let inline = move_bounds_to_where_clause(&mut generics);
    let mut bounds = Bounds {
        params,
        seen: BTreeSet::new(),
        predicates: Vec::new(),
    };
    let mut message_from_display = false;
    for (variant, plan) in input.variants.iter().zip(plans) {
        let classified = match plan {
            Plan::Transparent(field) => {
                bounds.add(field.ty, &quote!(#krate::AgentError));
                continue;
            }
            Plan::Classified(classified) => classified,
        };
        for (role, field) in &classified.roles {
            match role {
                Role::Context(_) => bounds.add(
                    field.option_inner().unwrap_or(field.ty),
                    &quote!(::core::fmt::Display),
                ),
                Role::Extra(_) => bounds.add(field.ty, &quote!(#krate::__private::Serialize)),
                Role::RetryAfterMs => {}
            }
        }
        match &classified.message {
            Message::Display => message_from_display = true,
            Message::Literal(_) => {}
            Message::Format { uses, .. } => {
                for (index, format_trait) in uses {
                    if let (Some(field), Some(path)) =
                        (variant.fields.get(*index), format_trait.path())
                    {
                        bounds.add(field.ty, &path);
                    }
                }
            }
        }
    }
    let clause = generics.make_where_clause();
    let written = inline.into_iter().chain(clause.predicates.iter().cloned());
    let written: BTreeSet<String> = written
        .map(|predicate| predicate.to_token_stream().to_string())
        .collect();
    // A bound the type already states is not repeated.
    let added = bounds
        .predicates
        .into_iter()
        .filter(|predicate| !written.contains(&predicate.to_token_stream().to_string()));
    clause.predicates.extend(added);
    if message_from_display {
        // The message is the type's `Display`, whatever bounds the user's impl has.
        // Spelled out rather than `Self`: the clause also goes on a free function.
        let ident = input.ident;
        let (_, ty_generics, _) = input.generics.split_for_impl();
        clause
            .predicates
            .push(syn::parse_quote!(#ident #ty_generics: ::core::fmt::Display));
    }
    generics
}

/// Moves `<T: Bound>` and `<'a: 'b>` into the where clause, and returns the
/// predicates that were moved.
fn move_bounds_to_where_clause(generics: &mut Generics) -> Vec<WherePredicate> {
    let mut moved: Vec<WherePredicate> = Vec::new();
    for param in &mut generics.params {
        match param {
            GenericParam::Type(param) if !param.bounds.is_empty() => {
                let (ident, bounds) = (&param.ident, &param.bounds);
                moved.push(syn::parse_quote!(#ident: #bounds));
                param.bounds.clear();
                param.colon_token = None;
            }
            GenericParam::Lifetime(param) if !param.bounds.is_empty() => {
                let (lifetime, bounds) = (&param.lifetime, &param.bounds);
                moved.push(syn::parse_quote!(#lifetime: #bounds));
                param.bounds.clear();
                param.colon_token = None;
            }
            _ => {}
        }
    }
    let clause = generics.make_where_clause();
    for (index, predicate) in moved.iter().enumerate() {
        clause.predicates.insert(index, predicate.clone());
    }
    moved
}

struct Bounds<'a> {
    params: BTreeSet<&'a Ident>,
    seen: BTreeSet<String>,
    predicates: Vec<WherePredicate>,
}

impl Bounds<'_> {
    /// `ty: bound`, when `ty` mentions a type parameter.
    fn add(&mut self, ty: &Type, bound: &TokenStream) {
        if !mentions(ty.to_token_stream(), &self.params) {
            return;
        }
        let predicate: WherePredicate = syn::parse_quote!(#ty: #bound);
        if self.seen.insert(predicate.to_token_stream().to_string()) {
            self.predicates.push(predicate);
        }
    }
}

fn mentions(tokens: TokenStream, params: &BTreeSet<&Ident>) -> bool {
    tokens.into_iter().any(|token| match token {
        TokenTree::Ident(ident) => params.contains(&ident),
        TokenTree::Group(group) => mentions(group.stream(), params),
        _ => false,
    })
}
